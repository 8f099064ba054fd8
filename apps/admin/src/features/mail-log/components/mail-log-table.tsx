import type { Notification } from '@shop/contracts';
import { MailLogRow } from './mail-log-row';
import { TableHead } from '../../../components/ui/table-head';

/** The mails of one page, newest first. */
export function MailLogTable({ mails, caption }: { mails: Notification[]; caption: string }) {
  return (
    <table className="mail-log-table">
      <caption className="visually-hidden">{caption}</caption>
      <TableHead columns={['Recipient', 'Kind', 'Order', 'Status', 'Attempts', 'Last error', 'Sent', { label: 'Action', hidden: true }]} />
      <tbody>
        {mails.map((mail) => (
          // Keyed by the version too, so a reload shows the server's state rather than a row's own.
          <MailLogRow key={`${mail._id}:${mail.status}:${mail.attempts}`} initial={mail} />
        ))}
      </tbody>
    </table>
  );
}
