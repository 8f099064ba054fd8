import { sendJson } from './api-client';

/** "Forgot password?": mails a reset link for the account (`POST /api/users/password-reset`); the same answer for any name. */
export function adminRequestPasswordReset(login: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('post', 'users/password-reset', { json: { login } });
}

/** The reset link's page: sets the new password (`POST /api/users/password-reset/complete`); every session of the account ends. */
export function adminCompletePasswordReset(token: string, newPassword: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('post', 'users/password-reset/complete', { json: { token, newPassword } });
}

/** Whether a reset link still works (`POST /api/users/password-reset/check`): rejects with the reason when not. */
export function adminCheckPasswordReset(token: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('post', 'users/password-reset/check', { json: { token } });
}
