import type { LoginRequest, LoginResponse } from '@shop/contracts';
import { sendJson } from './api-client';

/** Signs an admin in (`POST /api/users/login`); answers the login info the admin app stores as `userInfo`. */
export function adminLogin(credentials: LoginRequest): Promise<LoginResponse> {
  return sendJson<LoginResponse>('post', 'users/login', { json: credentials });
}
