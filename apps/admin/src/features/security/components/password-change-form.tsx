import { adminChangePassword, errorMessage } from '@shop/api-client';
import { PASSWORD_MIN_LENGTH } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';

/**
 * The password change: the current password, then the new one twice. The gateway refuses common passwords and
 * ends every other session of the account; this one goes on.
 */
export function PasswordChangeForm() {
  const headingId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setDone(false);
    if (next !== again) {
      setError('The two new passwords are not the same');
      return;
    }
    setBusy(true);
    try {
      await adminChangePassword({ currentPassword: current, newPassword: next });
      setDone(true);
      setCurrent('');
      setNext('');
      setAgain('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card security__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Change password</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className="security__done" role="status">
            Password changed. Every other browser and device was signed out.
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor="current-password">
            Current password
          </label>
          <input
            id="current-password"
            className="field__input"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="new-password">
            New password
          </label>
          <p className="field__hint" id="new-password-hint">
            At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words are easy to remember and hard to guess.
            Common passwords are refused.
          </p>
          <input
            id="new-password"
            className="field__input"
            type="password"
            autoComplete="new-password"
            aria-describedby="new-password-hint"
            minLength={PASSWORD_MIN_LENGTH}
            required
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="new-password-again">
            New password again
          </label>
          <input
            id="new-password-again"
            className="field__input"
            type="password"
            autoComplete="new-password"
            required
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
