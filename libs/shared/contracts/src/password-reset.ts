import { z } from 'zod';
import { ChangePasswordRequestSchema } from './auth';

/** How long a mailed password-reset link works (issue 26). */
export const PASSWORD_RESET_MINUTES = 30;

/** The reset link's token: 32 random bytes, base64url (stored only as its SHA-256). */
export const PasswordResetTokenSchema = z
  .string({ error: 'This reset link is not valid. Ask for a new one.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid. Ask for a new one.');

/** "Forgot password?" (`POST /api/users/password-reset`): the account's username, or the shop owner's e-mail address. */
export const PasswordResetRequestSchema = z.object(
  {
    login: z
      .string({ error: 'Enter your username or e-mail address' })
      .trim()
      .min(1, 'Enter your username or e-mail address')
      .max(200, 'That is too long for a username or e-mail address'),
  },
  { error: 'The request body must be a JSON object with login' },
);
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The reset link's page (`POST /api/users/password-reset/complete`): the token and the new password (same rules as a change). */
export const PasswordResetCompleteSchema = z.object(
  { token: PasswordResetTokenSchema, newPassword: ChangePasswordRequestSchema.shape.newPassword },
  { error: 'The request body must be a JSON object with token and newPassword' },
);
export type PasswordResetComplete = z.infer<typeof PasswordResetCompleteSchema>;

/** The link's page asks first whether its link still works (`POST /api/users/password-reset/check`). */
export const PasswordResetCheckSchema = z.object({ token: PasswordResetTokenSchema }, { error: 'The request body must be a JSON object with token' });

/** What the reset answers say (shared so that the admin app shows the same words as the API). */
export const PasswordResetMessage = {
  /** The same answer whether or not the account exists. */
  Requested: `If that account exists, a link to set a new password is on its way to the shop owner's e-mail. It works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
  LinkInvalid: 'This reset link is not valid. Ask for a new one.',
  LinkUsed: 'This reset link was already used. Ask for a new one if you still need it.',
  LinkExpired: `This reset link has expired (links work for ${PASSWORD_RESET_MINUTES} minutes). Ask for a new one.`,
  TooMany: 'Too many reset requests from this connection, please try again later',
  Done: 'Your new password is set and every session was signed out. Sign in with it.',
  LinkWorks: 'This link works: choose a new password.',
} as const;
