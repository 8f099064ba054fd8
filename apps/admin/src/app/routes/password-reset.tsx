import { adminCheckPasswordReset, adminCompletePasswordReset, adminRequestPasswordReset, errorMessage } from '@shop/api-client';
import { PasswordResetMessage } from '@shop/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormAlert } from '../../components/ui/form-alert';
import { NEW_PASSWORDS_DIFFER, NewPasswordFields } from '../../components/ui/new-password-fields';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { clearUserInfo } from '../../lib/user-info';
import { useTask } from '../../lib/use-task';
import './login.css';

/** The sign-in screen's frame: the brand and one card. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="login">
      <title>{`${title} | Island Glow Admin`}</title>
      <p className="login__brand">
        Island Glow <span className="admin-bar__tag">Admin</span>
      </p>
      {children}
    </main>
  );
}

/**
 * "Forgot password?" (issue 26): the owner's username or e-mail address; the answer is the same whether or not the
 * account exists, and a link that works once, for 30 minutes, goes to the shop owner's e-mail.
 */
export function ForgotPasswordRoute() {
  const id = useId();
  const [login, setLogin] = useState('');
  const { busy, error, run } = useTask();
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => setSent((await adminRequestPasswordReset(login.trim())).message));
  }

  return (
    <Frame title="Forgot password">
      <form className="card login-form" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-heading`} noValidate>
        <h1 id={`${id}-heading`} className="page-title">
          Forgot password?
        </h1>
        {sent ? (
          <p className="login-form__done" role="status">
            {sent}
          </p>
        ) : (
          <>
            <FormAlert message={error} />
            <TextField
              id={`${id}-login`}
              label="Username or e-mail"
              hint="We mail a link to set a new password to the shop owner's e-mail. It works once, for 30 minutes."
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={200}
              value={login}
              onValue={setLogin}
            />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Sending…' : 'Mail me a link'}
            </button>
          </>
        )}
        <p className="login-form__links">
          <Link to={paths.login}>Back to sign in</Link>
        </p>
      </form>
    </Frame>
  );
}

/** The link's problems: the page then offers a new link instead of the form. */
const LINK_PROBLEMS: ReadonlySet<string> = new Set([PasswordResetMessage.LinkInvalid, PasswordResetMessage.LinkUsed, PasswordResetMessage.LinkExpired]);

/** The token a mailed link carries in its fragment (`#token=...`: never sent to a server, never in a Referer). */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The mailed link's page (issue 26): a new password twice, under the password change's rules. Once set, every session
 * of the account has ended and the owner signs in again (with her second factor, if she has one). A used, expired or
 * unknown link says so and offers a new one.
 */
export function ResetPasswordRoute() {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then dropped from the address bar (and so from the history).
  const [token] = useState(() => tokenOf(location.hash));
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, setError, run } = useTask(token ? null : PasswordResetMessage.LinkInvalid);
  const [done, setDone] = useState<string | null>(null);
  // A used or expired link says so at once, before a password is typed.
  const [checked, setChecked] = useState(!token);

  useEffect(() => {
    if (location.hash) void navigate(paths.resetPassword, { replace: true });
  }, [location.hash, navigate]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    adminCheckPasswordReset(token).then(
      () => live && setChecked(true),
      (caught: unknown) => {
        if (!live) return;
        setError(errorMessage(caught));
        setChecked(true);
      },
    );
    return () => {
      live = false;
    };
  }, [token, setError]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== again) {
      setError(NEW_PASSWORDS_DIFFER);
      return;
    }
    await run(async () => {
      const answer = await adminCompletePasswordReset(token, next);
      // Every session of the account ended: this browser's stored sign-in is no more.
      clearUserInfo();
      setDone(answer.message);
    });
  }

  const linkProblem = error !== null && LINK_PROBLEMS.has(error);
  return (
    <Frame title="Set a new password">
      <form className="card login-form" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-heading`} noValidate>
        <h1 id={`${id}-heading`} className="page-title">
          Set a new password
        </h1>
        {!checked ? (
          <p role="status">Checking the link…</p>
        ) : done ? (
          <>
            <p className="login-form__done" role="status">
              {done}
            </p>
            <Link className="button" to={paths.login}>
              Sign in
            </Link>
          </>
        ) : linkProblem ? (
          <>
            <FormAlert message={error} />
            <Link className="button" to={paths.forgotPassword}>
              Ask for a new link
            </Link>
          </>
        ) : (
          <>
            <FormAlert message={error} />
            <NewPasswordFields id={id} next={next} again={again} onNext={setNext} onAgain={setAgain} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Saving…' : 'Set the new password'}
            </button>
          </>
        )}
        {!done && (
          <p className="login-form__links">
            <Link to={paths.login}>Back to sign in</Link>
          </p>
        )}
      </form>
    </Frame>
  );
}
