import { CreatePayments1763900100000 } from './1763900100000-create-payments';

/** Every migration of the payments schema, in order. */
export const PAYMENT_MIGRATIONS = [CreatePayments1763900100000];
