import { MAIL_FAILED_REPORT_DAYS, MAIL_STUCK_MINUTES, type MailHealth, SHOP_TIME_ZONE } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
const mails = (n: number) => `${n} ${n === 1 ? 'mail' : 'mails'}`;

/**
 * The dashboard's warning that mail is not going out (issue 26): failed mails, mails waiting too long, and why
 * in plain words. Nothing when all is well; a short note when the check itself did not answer (null).
 */
export function MailHealthWarning({ health }: { health: MailHealth | null }) {
  if (!health) {
    return <p className="mail-health mail-health--unknown">The mail check did not answer, so the shop cannot tell whether its mails are going out.</p>;
  }
  if (health.failed === 0 && health.stuck === 0) return null;
  return (
    <section className="mail-health" aria-labelledby="mail-health-title">
      <h2 id="mail-health-title" className="mail-health__title">
        <span aria-hidden="true">⚠ </span>Mails are not going out
      </h2>
      <ul className="mail-health__facts">
        {health.failed > 0 && (
          <li>
            {mails(health.failed)} failed in the last {MAIL_FAILED_REPORT_DAYS} days and {health.failed === 1 ? 'was' : 'were'} not sent.
          </li>
        )}
        {health.stuck > 0 && (
          <li>
            {mails(health.stuck)} {health.stuck === 1 ? 'has' : 'have'} waited over {MAIL_STUCK_MINUTES} minutes to be sent
            {health.oldestStuckSince && ` (the oldest since ${time.format(new Date(health.oldestStuckSince))})`}.
          </li>
        )}
      </ul>
      <p className="mail-health__why">Why:</p>
      <ul className="mail-health__causes">
        {health.causes.map((c) => (
          <li key={c.cause}>
            {c.text} <span className="mail-health__count">({mails(c.mails)})</span>
          </li>
        ))}
      </ul>
      <p className="mail-health__next">
        <Link to={health.failed > 0 ? `${paths.mailLog}?status=failed` : `${paths.mailLog}?status=queued`}>Open the mail log</Link> to see each mail
        {health.failed > 0 && ' and send the failed ones again once the cause is fixed'}.
      </p>
    </section>
  );
}
