import { CreatePayments1763900100000 } from './1763900100000-create-payments';
import { RecordEveryPayment1763900200000 } from './1763900200000-record-every-payment';

/** Every migration of the payments schema, in order. */
export const PAYMENT_MIGRATIONS = [CreatePayments1763900100000, RecordEveryPayment1763900200000];
