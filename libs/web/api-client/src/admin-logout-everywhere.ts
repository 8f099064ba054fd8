import { sendJson } from './api-client';

/** Ends every session of the admin's account, in every browser and script (`POST /api/users/logout-all`). */
export async function adminLogoutEverywhere(): Promise<void> {
  await sendJson<unknown>('post', 'users/logout-all');
}
