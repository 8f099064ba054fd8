import type { Notification } from '@shop/contracts';
import { MailLogRow } from './mail-log-row';

/** The mails of one page, newest first. */
export function MailLogTable({ mails, caption }: { mails: Notification[]; caption: string }) {
  return (
    <table className="mail-log-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Recipient</th>
          <th scope="col">Kind</th>
          <th scope="col">Order</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Sent</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          // Keyed by the version too, so a reload shows the server's state rather than a row's own.
          <MailLogRow key={`${mail._id}:${mail.status}:${mail.attempts}`} initial={mail} />
        ))}
      </tbody>
    </table>
  );
}
