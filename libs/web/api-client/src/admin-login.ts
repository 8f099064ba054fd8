import type { LoginRequest, SessionLoginResponse } from '@shop/contracts';
import { sendJson } from './api-client';

/**
 * Signs an admin in (`POST /api/users/login` with `session: 'cookie'`): the session goes into an HttpOnly
 * cookie; the answer is the login info the admin app stores as `userInfo` (no credential in it).
 */
export function adminLogin(credentials: Omit<LoginRequest, 'session'>): Promise<SessionLoginResponse> {
  return sendJson<SessionLoginResponse>('post', 'users/login', { json: { ...credentials, session: 'cookie' } });
}
