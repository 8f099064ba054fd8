import type { LoginResponse } from '@shop/contracts';

/** The browser storage key of the admin's login (spec section 3). */
const USER_INFO_KEY = 'userInfo';

export type UserInfo = LoginResponse;

function isUserInfo(value: unknown): value is UserInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && v.token.length > 0 && typeof v.username === 'string' && v.isAdmin === true;
}

/** The stored admin login, or null when there is none (or it is not an admin's). */
export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveUserInfo(info: UserInfo): void {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
}

export function clearUserInfo(): void {
  localStorage.removeItem(USER_INFO_KEY);
}
