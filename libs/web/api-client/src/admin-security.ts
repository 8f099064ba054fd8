import type { ChangePasswordRequest, PasskeySummary, SecondFactorStatus, TotpEnabled, TotpEnrolment } from '@shop/contracts';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
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

/** Begins adding a passkey: the options for the browser's prompt (`POST /api/users/me/second-factor/passkeys/options`). */
export function adminPasskeyOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return sendJson<PublicKeyCredentialCreationOptionsJSON>('post', 'users/me/second-factor/passkeys/options', { json: {} });
}

/** Adds the passkey the browser just made, under the owner's name for it. */
export function adminAddPasskey(name: string, response: RegistrationResponseJSON): Promise<PasskeySummary> {
  return sendJson<PasskeySummary>('post', 'users/me/second-factor/passkeys', { json: { name, response } });
}

/** Removes one of the owner's passkeys. */
export async function adminRemovePasskey(id: string): Promise<void> {
  await sendJson<unknown>('delete', `users/me/second-factor/passkeys/${encodeURIComponent(id)}`);
}
