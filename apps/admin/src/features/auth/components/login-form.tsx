import { adminLogin, adminLogout } from '@shop/api-client';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { saveUserInfo } from '../../../lib/user-info';

/** Username and password; a non-admin is refused with the spec's toast, an admin goes to the dashboard. */
export function LoginForm() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const info = await adminLogin({ username: username.trim(), password });
      if (info.isAdmin === false) {
        // The gateway opened a session for the account all the same: end it, nothing here may use it.
        void adminLogout().catch(() => undefined);
        toast('You are not an Admin', 'error');
        return;
      }
      saveUserInfo(info);
      await navigate(paths.dashboard, { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card login-form" onSubmit={(e) => void onSubmit(e)} aria-labelledby="login-heading" noValidate>
      <h1 id="login-heading" className="page-title">
        Sign In
      </h1>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor="username">
          Username
        </label>
        <input
          id="username"
          className="field__input"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="password">
          Password
        </label>
        <input
          id="password"
          className="field__input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign In'}
      </button>
    </form>
  );
}
