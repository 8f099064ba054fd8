import { CreateMails1763900000000 } from './1763900000000-create-mails';
import { SendingAndDeadLetters1764100000000 } from './1764100000000-sending-and-dead-letters';
import { MailAttachment1765300000000 } from './1765300000000-mail-attachment';
import { MailHealth1766426000000 } from './1766426000000-mail-health';

/** Every migration of the notifications schema, in order. */
export const NOTIFICATION_MIGRATIONS = [CreateMails1763900000000, SendingAndDeadLetters1764100000000, MailAttachment1765300000000, MailHealth1766426000000];
