import { CreateMails1763900000000 } from './1763900000000-create-mails';

/** Every migration of the notifications schema, in order. */
export const NOTIFICATION_MIGRATIONS = [CreateMails1763900000000];
