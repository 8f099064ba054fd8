import { adminLogin, adminLogout, adminPasskeySignInOptions, errorMessage } from '@shop/api-client';
import { AuthMessage, type SessionLoginResponse } from '@shop/contracts';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { saveUserInfo } from '../../../lib/user-info';
import { passkeyPromptMessage } from '../../security/components/passkeys-section';

/** The second step the gateway asked for: the app's code (a passkey may stand in), or a passkey only. */
type SecondStep = 'code' | 'passkey' | null;

/**
 * Username and password; then, for an account with two-step sign-in, the code of its authenticator app (or a
 * recovery code), or its passkey ("Use a passkey"). A non-admin is refused with the spec's toast; an admin goes to the dashboard, or to Security
 * when the shop requires a second factor the account does not have yet.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The gateway answered that this account needs a second step: the form asks for it, keeping what was typed.
  const [step, setStep] = useState<SecondStep>(null);
  const needCode = step === 'code';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (needCode) codeInput.current?.focus();
  }, [needCode]);

  async function finish(info: SessionLoginResponse) {
    if (info.isAdmin === false) {
      // The gateway opened a session for the account all the same: end it, nothing here may use it.
      void adminLogout().catch(() => undefined);
      toast('You are not an Admin', 'error');
      return;
    }
    saveUserInfo(info);
    await navigate(info.mustSetUpSecondFactor ? paths.security : paths.dashboard, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 'passkey') return signInWithPasskey();
    setBusy(true);
    setError(null);
    try {
      await finish(await adminLogin({ username: username.trim(), password, ...(needCode && code.trim() ? { code: code.trim() } : {}) }));
    } catch (caught) {
      const message = errorMessage(caught);
      if (message === AuthMessage.SecondFactorNeeded && !step) {
        setStep('code');
        return;
      }
      if (message === AuthMessage.PasskeyNeeded && !step) {
        setStep('passkey');
        return;
      }
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  // The passkey step: a challenge for the account (after the password again), the browser's prompt, then the login.
  async function signInWithPasskey() {
    setBusy(true);
    setError(null);
    try {
      const credentials = { username: username.trim(), password };
      const optionsJSON = await adminPasskeySignInOptions(credentials);
      const passkey = await startAuthentication({ optionsJSON });
      await finish(await adminLogin({ ...credentials, passkey }));
    } catch (caught) {
      setError(passkeyPromptMessage(caught, 'sign-in'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card login-form" onSubmit={(e) => void onSubmit(e)} aria-labelledby="login-heading" noValidate>
      <h1 id="login-heading" className="page-title">
        Sign In
      </h1>
      <FormAlert message={error} />
      {step === 'passkey' ? (
        <div className="field">
          <p className="field__hint">Use the passkey of this account (your phone's fingerprint, face or screen lock, or a security key) to finish signing in.</p>
        </div>
      ) : needCode ? (
        <TextField
          inputRef={codeInput}
          id="code"
          label="Code"
          hint="The 6-digit code your authenticator app shows for Island Glow Admin, or one of your recovery codes."
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onValue={setCode}
        />
      ) : (
        <>
          <TextField id="username" label="Username" name="username" autoComplete="username" required value={username} onValue={setUsername} />
          <TextField
            id="password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
          />
        </>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Signing in…' : step === 'passkey' ? 'Use a passkey' : needCode ? 'Verify' : 'Sign In'}
      </button>
      {needCode && browserSupportsWebAuthn() && (
        <button type="button" className="button button--secondary login-form__back" disabled={busy} onClick={() => void signInWithPasskey()}>
          Use a passkey
        </button>
      )}
      {!step && (
        <p className="login-form__links">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
      )}
      {step && (
        <button
          type="button"
          className="button button--secondary login-form__back"
          onClick={() => {
            setStep(null);
            setCode('');
            setError(null);
          }}
        >
          Use another account
        </button>
      )}
    </form>
  );
}
