import { sendJson } from './api-client';
import { OWN_401_CONTEXT } from './session-end';

/**
 * Ends this browser's admin session (`POST /api/users/logout`); the gateway clears its cookies. A 401 (no session
 * left) is the caller's to take: the login form signs a non-admin's session out, and must stay on the login screen.
 */
export async function adminLogout(): Promise<void> {
  await sendJson<unknown>('post', 'users/logout', { context: OWN_401_CONTEXT });
}
