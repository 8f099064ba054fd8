import { CreateOrders1763900000000 } from './1763900000000-create-orders';
import { OrderNumbers1764000000000 } from './1764000000000-order-numbers';

/** Every migration of the orders schema, in order. */
export const ORDER_MIGRATIONS = [CreateOrders1763900000000, OrderNumbers1764000000000];
