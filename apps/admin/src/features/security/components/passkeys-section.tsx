import { adminAddPasskey, adminPasskeyOptions, adminRemovePasskey, errorMessage } from '@shop/api-client';
import { PASSKEY_NAME_MAX, type SecondFactorStatus, SHOP_TIME_ZONE } from '@shop/contracts';
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { useTask } from '../../../lib/use-task';

const dateFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });

/** What the owner is told when the browser's passkey prompt (to add one, or to sign in) ends without a passkey. */
export function passkeyPromptMessage(caught: unknown, purpose: 'add' | 'sign-in'): string {
  if (caught instanceof WebAuthnError && caught.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This phone or key already has a passkey here.';
  if (caught instanceof Error && caught.name === 'NotAllowedError') {
    return purpose === 'add'
      ? 'No passkey was made: the prompt was closed or timed out.'
      : 'No passkey was used: the prompt was closed or timed out, or this device has no passkey for this account.';
  }
  return errorMessage(caught);
}

/**
 * Passkeys: the owner's phone (fingerprint, face or screen lock) or a security key in place of the app's code at
 * sign-in. Each has a name of the owner's choosing; the list shows them, and any can be removed.
 */
export function PasskeysSection({ status, onChanged }: { status: SecondFactorStatus; onChanged: () => void }) {
  const [name, setName] = useState('');
  const { busy, error, setError, run } = useTask();
  const supported = browserSupportsWebAuthn();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the passkey a name');
      return;
    }
    await run(
      async () => {
        const optionsJSON = await adminPasskeyOptions();
        const response = await startRegistration({ optionsJSON });
        await adminAddPasskey(name.trim(), response);
        setName('');
        onChanged();
      },
      (caught) => passkeyPromptMessage(caught, 'add'),
    );
  }

  async function remove(id: string) {
    await run(async () => {
      await adminRemovePasskey(id);
      onChanged();
    });
  }

  return (
    <Section className="card security__section" title="Passkeys">
      <p>
        A passkey lets your phone (fingerprint, face or screen lock) or a security key confirm it is you, in place of the
        app's code, after your password.
      </p>
      {status.passkeys.length > 0 ? (
        <ul className="security__passkeys" aria-label="Your passkeys">
          {status.passkeys.map((p) => (
            <li key={p.id} className="security__passkey">
              <span>
                <strong>{p.name}</strong>
                <br />
                <small>
                  Added {dateFormat.format(new Date(p.createdAt))}
                  {p.lastUsedAt ? `, last used ${dateFormat.format(new Date(p.lastUsedAt))}` : ', not used yet'}
                </small>
              </span>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void remove(p.id)} aria-label={`Remove ${p.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkey yet.</p>
      )}
      <FormAlert message={error} />
      {!status.passkeysAvailable ? (
        <p>Passkeys need the admin to be opened at its domain name; ask whoever runs the server (WEBAUTHN_RP_ID).</p>
      ) : !supported ? (
        <p>This browser cannot make passkeys.</p>
      ) : (
        <form onSubmit={(e) => void add(e)} noValidate>
          <TextField
            id="passkey-name"
            label="Name of the new passkey"
            name="name"
            placeholder="My phone"
            maxLength={PASSKEY_NAME_MAX}
            required
            value={name}
            onValue={setName}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Waiting for the passkey…' : 'Add a passkey'}
          </button>
        </form>
      )}
    </Section>
  );
}
