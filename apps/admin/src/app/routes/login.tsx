import { redirect } from 'react-router-dom';
import { Toaster } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { readUserInfo } from '../../lib/user-info';
import './login.css';

/** An admin already signed in goes straight to the dashboard. */
export function loginLoader() {
  if (readUserInfo()) return redirect(paths.dashboard);
  return null;
}

export function LoginRoute() {
  return (
    <main id="main" className="login">
      <title>Sign In | Island Glow Admin</title>
      <p className="login__brand">
        Island Glow <span className="admin-bar__tag">Admin</span>
      </p>
      <LoginForm />
      <Toaster />
    </main>
  );
}
