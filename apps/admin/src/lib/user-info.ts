import type { SessionLoginResponse } from '@shop/contracts';

/** The browser storage key of the admin's login (spec section 3). */
const USER_INFO_KEY = 'userInfo';

/**
 * What the screens need to know about the signed-in admin: name, role and when the session ends at the
 * latest. Never a credential: the session itself is an HttpOnly cookie that no script can read.
 */
export type UserInfo = SessionLoginResponse;

function isUserInfo(value: unknown): value is UserInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.username === 'string' && v.isAdmin === true && typeof v.expiresAt === 'string' && Date.parse(v.expiresAt) > Date.now();
}

/** The stored admin login, or null when there is none, it has expired, or it is not an admin's. */
export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    // A login stored before sessions moved into a cookie held a bearer token: drop it rather than keep a credential around.
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      clearUserInfo();
      return null;
    }
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores what the screens show; only these fields, whatever else the answer carried. */
export function saveUserInfo(info: UserInfo): void {
  const { _id, username, isAdmin, expiresAt } = info;
  localStorage.setItem(USER_INFO_KEY, JSON.stringify({ _id, username, isAdmin, expiresAt }));
}

export function clearUserInfo(): void {
  localStorage.removeItem(USER_INFO_KEY);
}
