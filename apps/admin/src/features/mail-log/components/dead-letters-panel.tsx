import type { EventDeadLetterPage } from '@shop/contracts';
import { formatShopTime } from './mail-labels';
import { TableHead } from '../../../components/ui/table-head';

/**
 * Order events the mail service could not handle after every retry (or that were malformed): no mail was
 * planned from them. Shown above the mail log only when there are any; nothing when they could not be read (null).
 */
export function DeadLettersPanel({ page }: { page: EventDeadLetterPage | null }) {
  if (!page || page.total === 0) return null;
  return (
    <section className="card mail-log-dead-letters" aria-labelledby="mail-log-dead-letters-title">
      <h2 id="mail-log-dead-letters-title" className="mail-log-dead-letters__title">
        Order events not handled ({page.total})
      </h2>
      <p>
        The mail service gave up on these order events after every retry, so their mails may be missing. They are kept for your developer or operator
        (stream sequence shown).
      </p>
      <table className="mail-log-table">
        <caption className="visually-hidden">Order events not handled, newest first</caption>
        <TableHead columns={['When', 'Event', 'Order', 'Deliveries', 'Error', 'Sequence']} />
        <tbody>
          {page.deadLetters.map((d) => (
            <tr key={d._id}>
              <td data-label="When">{formatShopTime(d.createdAt)}</td>
              <td data-label="Event">{d.event}</td>
              <td data-label="Order" className="mail-log-row__order">
                {d.orderId ?? '—'}
              </td>
              <td data-label="Deliveries" className="mail-log-row__number">
                {d.deliveries}
              </td>
              <td data-label="Error" className="mail-log-row__error">
                {d.error}
              </td>
              <td data-label="Sequence" className="mail-log-row__number">
                {d.streamSequence}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
