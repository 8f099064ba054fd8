import { adminLogout, adminLogoutEverywhere } from '@shop/api-client';
import { redirect } from 'react-router-dom';
import { paths } from '../config/paths';
import { clearUserInfo, readUserInfo, type UserInfo } from './user-info';

/** For loaders of guarded screens: the stored login, or a redirect to the login screen. */
export function requireUserInfo(): UserInfo {
  const info = readUserInfo();
  if (!info) throw redirect(paths.login);
  return info;
}

/**
 * Forgets the login in this tab and loads the login screen afresh (spec sections 4 and 8). Also the shared
 * client's 401 handler (config/api-client.ts): a session that ended, expired or was never there logs out.
 */
export function leave(): void {
  clearUserInfo();
  window.location.assign(paths.login);
}

/**
 * Logs out: the server ends the session and clears its cookie, then the stored login is cleared and the
 * login screen loaded. A server that cannot be reached does not keep the owner signed in here; the
 * session then ends on the server after its idle time.
 */
export async function logout(): Promise<void> {
  await adminLogout().catch(() => undefined);
  leave();
}

/** "Sign out everywhere": ends every session of the account, this one included, then goes to login. */
export async function logoutEverywhere(): Promise<void> {
  await adminLogoutEverywhere();
  leave();
}
