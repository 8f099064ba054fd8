import { CreateOrders1763900000000 } from './1763900000000-create-orders';

/** Every migration of the orders schema, in order. */
export const ORDER_MIGRATIONS = [CreateOrders1763900000000];
