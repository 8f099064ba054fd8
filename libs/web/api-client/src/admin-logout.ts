import { sendJson } from './api-client';

/** Ends this browser's admin session (`POST /api/users/logout`); the gateway clears its cookies. */
export async function adminLogout(): Promise<void> {
  await sendJson<unknown>('post', 'users/logout');
}
