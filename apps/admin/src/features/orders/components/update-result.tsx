import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

export type UpdateState = { status: 'idle' } | { status: 'saving' } | { status: 'done' } | { status: 'failed'; message: string };

/** The spinner while saving, then 'Order edited successfully' or the server's message, each with the way back to the orders. */
export function UpdateResult({ state }: { state: UpdateState }) {
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the result lands below the fold: bring it into view (it is announced as well). A block
  // body on purpose: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [state]);

  if (state.status === 'saving') return <Spinner label="Saving…" />;
  if (state.status === 'failed') {
    return (
      <div ref={panel} className="result-panel result-panel--error" role="alert">
        <h2>{state.message}</h2>
        <Link to={paths.orders}>Go to Orders</Link>
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <div ref={panel} className="result-panel" role="status">
        <h2>Order edited successfully</h2>
        <Link to={paths.orders}>Go to Orders</Link>
      </div>
    );
  }
  return null;
}
