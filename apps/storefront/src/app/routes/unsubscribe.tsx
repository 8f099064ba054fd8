import { STOCK_WAIT_MESSAGES } from '@shop/contracts';
import { Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../config/paths';
import { UNSUBSCRIBE_PATH } from '../../features/back-in-stock/notify-outcome';
import type { unsubscribeLoader } from './unsubscribe-loader';
import './unsubscribe.css';

/**
 * The back-in-stock mails' unsubscribe page (issue 28): one button that POSTs to the storefront's server
 * (server/unsubscribe-post.ts), which works with or without scripts, then the confirmation.
 */
export function UnsubscribeRoute() {
  const { token, done, refusal } = useLoaderData<typeof unsubscribeLoader>();
  return (
    <article className="container page-section unsubscribe">
      <title>Back-in-stock messages | Island Glow</title>
      <h1 className="section-heading__title">Back-in-stock messages</h1>
      {done ? (
        <p role="status" className="unsubscribe__done">
          {STOCK_WAIT_MESSAGES.unsubscribed}
        </p>
      ) : token ? (
        <form className="unsubscribe__form panel" method="post" action={UNSUBSCRIBE_PATH}>
          <input type="hidden" name="token" value={token} />
          <p>
            Stop every back-in-stock message from Island Glow to the address this link was sent to? Any other product you asked us to tell you about is
            included.
          </p>
          <button type="submit" className="button">
            Stop these messages
          </button>
        </form>
      ) : (
        <p role="alert">{STOCK_WAIT_MESSAGES.badToken}</p>
      )}
      {refusal && !done && (
        <p role="alert" className="unsubscribe__refusal">
          {refusal}
        </p>
      )}
      <p>
        <Link to={paths.home}>Back to the shop</Link>
      </p>
    </article>
  );
}
