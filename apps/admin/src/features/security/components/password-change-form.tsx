import { adminChangePassword, errorMessage } from '@shop/api-client';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { NEW_PASSWORDS_DIFFER, NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { Section } from '../../../components/ui/section';

/**
 * The password change: the current password, then the new one twice. The gateway refuses common passwords and
 * ends every other session of the account; this one goes on.
 */
export function PasswordChangeForm() {
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
      setError(NEW_PASSWORDS_DIFFER);
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
    <Section className="card security__section" title="Change password">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert message={error} />
        {done && (
          <p className="security__done" role="status">
            Password changed. Every other browser and device was signed out.
          </p>
        )}
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onValue={setCurrent}
        />
        <NewPasswordFields id="password" next={next} again={again} onNext={setNext} onAgain={setAgain} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </Section>
  );
}
