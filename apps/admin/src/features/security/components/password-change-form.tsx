import { adminChangePassword } from '@shop/api-client';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { NEW_PASSWORDS_DIFFER, NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { Section } from '../../../components/ui/section';
import { useTask } from '../../../lib/use-task';

/**
 * The password change: the current password, then the new one twice. The gateway refuses common passwords and
 * ends every other session of the account; this one goes on.
 */
export function PasswordChangeForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, setError, run } = useTask();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    if (next !== again) {
      setError(NEW_PASSWORDS_DIFFER);
      return;
    }
    await run(async () => {
      await adminChangePassword({ currentPassword: current, newPassword: next });
      setDone(true);
      setCurrent('');
      setNext('');
      setAgain('');
    });
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
