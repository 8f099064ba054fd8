import type { ChangePasswordRequest, SecondFactorStatus, TotpEnabled, TotpEnrolment } from '@shop/contracts';
import { getJson, sendJson } from './api-client';

/** Where the signed-in admin's two-step sign-in stands (`GET /api/users/me/second-factor`). */
export function adminGetSecondFactor(): Promise<SecondFactorStatus> {
  return getJson<SecondFactorStatus>('users/me/second-factor');
}

/** Begins a TOTP enrolment: the QR code and the secret to type (`POST /api/users/me/second-factor/totp`). */
export function adminBeginTotp(): Promise<TotpEnrolment> {
  return sendJson<TotpEnrolment>('post', 'users/me/second-factor/totp', { json: {} });
}

/** Confirms the enrolment with the app's current code; answers the recovery codes, shown this once. */
export function adminConfirmTotp(code: string): Promise<TotpEnabled> {
  return sendJson<TotpEnabled>('post', 'users/me/second-factor/totp/confirm', { json: { code } });
}

/** Changes the admin's password; every other session of the account ends (`POST /api/users/me/password`). */
export async function adminChangePassword(request: ChangePasswordRequest): Promise<void> {
  await sendJson<unknown>('post', 'users/me/password', { json: request });
}
