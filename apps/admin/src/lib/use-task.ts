import { errorMessage } from '@shop/api-client';
import { useCallback, useState } from 'react';

/**
 * A form's or a button's work against the gateway: `busy` while it runs (the button is off), and what went wrong
 * the last time, in the owner's words (a form may also set its own refusal before asking the gateway).
 */
export function useTask(initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(initialError);
  const run = useCallback(async (work: () => Promise<void>, describe: (caught: unknown) => string = errorMessage) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
