import { adminRetryNotification, errorMessage } from '@shop/api-client';
import { MAIL_FAILURE_TEXT, MailStatus, type Notification } from '@shop/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { paths } from '../../../config/paths';
import { formatShopTime, KIND_LABELS, STATUS_LABELS } from './mail-labels';

type RetryState = { status: 'idle' } | { status: 'busy' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * One mail. On a phone the row turns into a card (see mail-log.css), each cell named by its data-label.
 * A failed mail can be sent again; the row then shows the mail as the server answers it (queued again).
 */
export function MailLogRow({ initial }: { initial: Notification }) {
  const [mail, setMail] = useState(initial);
  const [retry, setRetry] = useState<RetryState>({ status: 'idle' });

  async function send() {
    setRetry({ status: 'busy' });
    try {
      const queued = await adminRetryNotification(mail._id);
      setMail(queued);
      setRetry({ status: 'done' });
      toast('Mail queued to be sent again');
    } catch (caught) {
      setRetry({ status: 'failed', message: errorMessage(caught) });
    }
  }

  return (
    <tr className={`mail-log-row mail-log-row--${mail.status}`}>
      <th scope="row" data-label="Recipient" className="mail-log-row__recipient">
        {mail.recipient}
        {mail.subject && <span className="mail-log-row__subject">{mail.subject}</span>}
      </th>
      <td data-label="Kind">{KIND_LABELS[mail.kind] ?? mail.kind}</td>
      <td data-label="Order" className="mail-log-row__order">
        {mail.orderId ? <Link to={paths.order(mail.orderId, mail.orderInPerson)}>{mail.orderNumber ?? 'Open the order'}</Link> : '—'}
      </td>
      <td data-label="Status">
        <span className={`mail-status mail-status--${mail.status}`}>{STATUS_LABELS[mail.status] ?? mail.status}</span>
      </td>
      <td data-label="Attempts" className="mail-log-row__number">
        {mail.attempts}
      </td>
      <td data-label="Last error" className="mail-log-row__error">
        {mail.failureCause ? (
          <>
            {/* The plain words first; the mail server's own answer stays for whoever fixes it. */}
            <span className="mail-log-row__cause">{MAIL_FAILURE_TEXT[mail.failureCause]}</span>
            {mail.lastError && <span className="mail-log-row__raw">{mail.lastError}</span>}
          </>
        ) : (
          (mail.lastError ?? '—')
        )}
      </td>
      <td data-label="Sent">{mail.sentAt ? formatShopTime(mail.sentAt) : '—'}</td>
      <td data-label="Action" className="mail-log-row__action">
        {mail.status === MailStatus.Failed && (
          <button
            type="button"
            className="button button--secondary mail-log-row__retry"
            disabled={retry.status === 'busy'}
            aria-label={`Retry the mail to ${mail.recipient}`}
            onClick={() => void send()}
          >
            Retry
          </button>
        )}
        <span className="mail-log-row__result" role="status">
          {retry.status === 'busy' && 'Sending again…'}
          {retry.status === 'done' && 'Queued again.'}
        </span>
        {retry.status === 'failed' && (
          <span className="field__error" role="alert">
            Retry failed: {retry.message}
          </span>
        )}
      </td>
    </tr>
  );
}
