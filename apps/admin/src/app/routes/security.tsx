import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { Toaster } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { PasskeysSection } from '../../features/security/components/passkeys-section';
import { PasswordChangeForm } from '../../features/security/components/password-change-form';
import { TwoStepSetup } from '../../features/security/components/two-step-setup';
import { logout } from '../../lib/auth';
import type { securityLoader } from './security-loader';
import './admin-layout.css';
import './login.css';
import './security.css';

/**
 * The owner's keys: two-step sign-in (set up with an authenticator app), passkeys and the password. A screen of its own so
 * that an owner whom the shop requires to set up two-step sign-in can do it before anything else.
 */
export function SecurityRoute() {
  const { userInfo, secondFactor } = useLoaderData<Awaited<ReturnType<typeof securityLoader>>>();
  const revalidator = useRevalidator();
  // A passkey counts as a second factor, as on the gateway.
  const blocked = secondFactor.required && !secondFactor.totp && secondFactor.passkeys.length === 0;
  return (
    <main id="main" className="security">
      <title>Security | Island Glow Admin</title>
      <p className="login__brand">
        Island Glow <span className="admin-bar__tag">Admin</span>
      </p>
      <div className="security__head">
        <h1 className="page-title">Security</h1>
        <p className="security__who">Signed in as {userInfo.username}</p>
      </div>
      {blocked && (
        <p className="security__notice" role="status">
          This shop requires two-step sign-in for the admin. Set it up below to continue.
        </p>
      )}
      <TwoStepSetup status={secondFactor} onChanged={() => void revalidator.revalidate()} />
      <PasskeysSection status={secondFactor} onChanged={() => void revalidator.revalidate()} />
      {!blocked && <PasswordChangeForm />}
      <nav className="security__nav" aria-label="Leave Security">
        {!blocked && (
          <Link className="button button--secondary" to={paths.dashboard}>
            Back to the dashboard
          </Link>
        )}
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          Logout
        </button>
      </nav>
      <Toaster />
    </main>
  );
}
