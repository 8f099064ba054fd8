import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'done'; id: string } | { status: 'failed'; message: string };

/** The spinner while saving, then 'Unsuccessful: {message}' or the success text, each with a way on. */
export function SaveResult({ state, successText }: { state: SaveState; successText: string }) {
  if (state.status === 'saving') return <Spinner label="Saving…" />;
  if (state.status === 'failed') {
    return (
      <div className="result-panel result-panel--error" role="alert">
        <h2>Unsuccessful: {state.message}</h2>
        <Link to={paths.products}>Go to Products</Link>
      </div>
    );
  }
  if (state.status === 'done') {
    return (
      <div className="result-panel" role="status">
        <h2>{successText}</h2>
        <p>
          <Link to={paths.products}>Go to Products</Link> · <Link to={paths.product(state.id)}>View/Edit this product</Link>
        </p>
      </div>
    );
  }
  return null;
}
