import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';

export type SettingsSaveState = { status: 'idle' } | { status: 'saving' } | { status: 'done' } | { status: 'failed'; message: string };

/** The spinner while saving, then 'Settings saved successfully' (the spec reused the product wording by accident) or the error; both lead home. */
export function SettingsResult({ state }: { state: SettingsSaveState }) {
  if (state.status === 'saving') return <Spinner label="Saving…" />;
  if (state.status === 'idle') return null;
  const failed = state.status === 'failed';
  return (
    <div className={`result-panel${failed ? ' result-panel--error' : ''}`} role={failed ? 'alert' : 'status'}>
      <h2>{failed ? state.message : 'Settings saved successfully'}</h2>
      <Link to={paths.dashboard}>Go to Home Screen</Link>
    </div>
  );
}
