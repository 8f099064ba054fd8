import { ApiError } from '@shop/api-client';
import { redirect } from 'react-router-dom';
import { paths } from '../config/paths';
import { clearUserInfo, readUserInfo, type UserInfo } from './user-info';

/** For loaders of guarded screens: the stored login, or a redirect to the login screen. */
export function requireUserInfo(): UserInfo {
  const info = readUserInfo();
  if (!info) throw redirect(paths.login);
  return info;
}

/** Logs out: the stored login is cleared and the login screen loaded afresh (spec sections 4 and 8). */
export function logout(): void {
  clearUserInfo();
  window.location.assign(paths.login);
}

/**
 * Runs an admin call with the stored token. A 401 (expired, forged or missing token) logs the admin out;
 * the promise then never settles, so no screen flashes an error while the page goes to login.
 */
export async function withAdminToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  const info = readUserInfo();
  if (!info) {
    logout();
    return new Promise<T>(() => undefined);
  }
  try {
    return await call(info.token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      logout();
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}
