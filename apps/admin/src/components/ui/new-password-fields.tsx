import { PASSWORD_MIN_LENGTH } from '@shop/contracts';
import { TextField } from './text-field';

/** Said when the new password and its repeat differ (the password change and the mailed reset link). */
export const NEW_PASSWORDS_DIFFER = 'The two new passwords are not the same';

interface NewPasswordFieldsProps {
  /** Prefix of the two inputs' ids. */
  id: string;
  next: string;
  again: string;
  onNext: (value: string) => void;
  onAgain: (value: string) => void;
}

/** A new password, under the gateway's rules, and the same again. */
export function NewPasswordFields({ id, next, again, onNext, onAgain }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-new`}
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words are easy to remember and hard to guess. Common passwords are refused.`}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        value={next}
        onValue={onNext}
      />
      <TextField id={`${id}-again`} label="New password again" type="password" autoComplete="new-password" required value={again} onValue={onAgain} />
    </>
  );
}
