import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginRequest, SessionLoginResponse } from '@shop/contracts';
import { sendJson } from './api-client';
import { OWN_401_CONTEXT } from './session-end';

/**
 * Signs an admin in (`POST /api/users/login` with `session: 'cookie'`): the session goes into an HttpOnly
 * cookie; the answer is the login info the admin app stores as `userInfo` (no credential in it).
 */
export function adminLogin(credentials: Omit<LoginRequest, 'session'>): Promise<SessionLoginResponse> {
  // A 401 here is a wrong username or password, said on the login form: not a session that ended.
  return sendJson<SessionLoginResponse>('post', 'users/login', { json: { ...credentials, session: 'cookie' }, context: OWN_401_CONTEXT });
}

/**
 * The passkey step of a sign-in: after the right username and password, the options for the browser's passkey
 * prompt; its answer then goes to `adminLogin` as `passkey`.
 */
export function adminPasskeySignInOptions(credentials: Pick<LoginRequest, 'username' | 'password'>): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return sendJson<PublicKeyCredentialRequestOptionsJSON>('post', 'users/login/passkey', { json: { ...credentials, session: 'cookie' }, context: OWN_401_CONTEXT });
}
