import { z } from 'zod';

/** Longest accepted username (characters). */
export const USERNAME_MAX_LENGTH = 100;
/** Shortest password an admin account may be given. */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes of a password; longer ones are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;

/** Longest code accepted at sign-in (a TOTP code is 6 digits, a recovery code 11 characters with its dash). */
export const SECOND_FACTOR_CODE_MAX = 32;

const utf8Length = (value: string): number => new TextEncoder().encode(value).length;

const tooLong = `Password must be at most ${PASSWORD_MAX_BYTES} bytes`;

const requiredText = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) });

const usernameSchema = requiredText('Username')
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`);

/** The admin login form (`POST /api/users/login`). The password is taken as typed, never trimmed. */
export const LoginRequestSchema = z.object(
  {
    username: usernameSchema,
    password: requiredText('Password')
      .min(1, 'Password is required')
      .max(PASSWORD_MAX_BYTES, tooLong)
      .refine((v) => utf8Length(v) <= PASSWORD_MAX_BYTES, tooLong),
    /**
     * 'cookie' (the admin app): the session goes into an HttpOnly cookie and the answer carries no token.
     * Left out (scripts, API clients): the answer carries a bearer token, as before.
     */
    session: z.enum(['cookie'], { error: "session must be 'cookie' or left out" }).optional(),
    /**
     * For an account with two-step sign-in: the 6-digit code of its authenticator app, or one of its recovery codes.
     * Without it, the right password is answered 401 SecondFactorNeeded.
     */
    code: z.string({ error: 'code must be text' }).trim().min(1, 'code must not be empty').max(SECOND_FACTOR_CODE_MAX, 'code is too long').optional(),
    /** For an account with a passkey, instead of `code`: the browser's answer to the challenge of `POST /api/users/login/passkey`. */
    passkey: z.lazy(() => PasskeyAssertionSchema).optional(),
  },
  { error: 'The request body must be a JSON object with username and password' },
);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

const newPassword = (label: string) =>
  requiredText(label)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_BYTES, label === 'Password' ? tooLong : `${label} must be at most ${PASSWORD_MAX_BYTES} bytes`)
    .refine((v) => utf8Length(v) <= PASSWORD_MAX_BYTES, label === 'Password' ? tooLong : `${label} must be at most ${PASSWORD_MAX_BYTES} bytes`);

/** The credentials an admin account is created or reset with (the admin-user command). */
export const AdminCredentialsSchema = z.object({
  username: usernameSchema.refine((v) => !/[\s\u0000-\u001f\u007f]/.test(v), 'Username must not contain spaces or control characters'),
  password: newPassword('Password'),
});
export type AdminCredentials = z.infer<typeof AdminCredentialsSchema>;

/** The admin app's password change (`POST /api/users/me/password`); the gateway also refuses common passwords. */
export const ChangePasswordRequestSchema = z.object(
  {
    currentPassword: requiredText('Current password').min(1, 'Current password is required').max(PASSWORD_MAX_BYTES, 'Current password is not right'),
    newPassword: newPassword('New password'),
  },
  { error: 'The request body must be a JSON object with currentPassword and newPassword' },
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

const b64url = (label: string) => z.string({ error: `${label} must be text` }).max(16_384, `${label} is too long`).regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);

// What the browser's extensions answered: passed on as it came (the WebAuthn library reads what it knows of it).
const extensionResults = z.unknown().optional().transform((v): object => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}));

/**
 * The browser's answer to a WebAuthn challenge, as its library gives it: `response` holds what the authenticator
 * signed (its client data, and the fields of this kind of answer); the messages name each field under `label`.
 */
function webAuthnAnswer<R extends z.ZodRawShape>(label: string, response: R) {
  return z.object(
    {
      id: b64url(`${label}.id`).min(1),
      rawId: b64url(`${label}.rawId`).min(1),
      type: z.literal('public-key', { error: `${label}.type must be 'public-key'` }),
      response: z.object({ clientDataJSON: b64url(`${label}.response.clientDataJSON`), ...response }, { error: `${label}.response must be an object` }),
      clientExtensionResults: extensionResults,
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    },
    { error: `${label} must be the answer of the browser to the challenge` },
  );
}

/** A passkey's answer to a sign-in challenge (WebAuthn's AuthenticationResponseJSON, as the browser library gives it). */
export const PasskeyAssertionSchema = webAuthnAnswer('passkey', {
  authenticatorData: b64url('passkey.response.authenticatorData'),
  signature: b64url('passkey.response.signature'),
  userHandle: b64url('passkey.response.userHandle').optional(),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

/** A new passkey's answer to a registration challenge (WebAuthn's RegistrationResponseJSON). */
export const PasskeyAttestationSchema = webAuthnAnswer('response', {
  attestationObject: b64url('response.response.attestationObject'),
  transports: z.array(z.string().max(32)).max(10).optional(),
});

/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX = 60;

/** Saves a new passkey (`POST /api/users/me/second-factor/passkeys`): its name and the browser's answer. */
export const RegisterPasskeyRequestSchema = z.object(
  {
    name: requiredText('Name').trim().min(1, 'Give the passkey a name').max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`),
    response: PasskeyAttestationSchema,
  },
  { error: 'The request body must be a JSON object with name and response' },
);
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequestSchema>;

/** A passkey of the account, as the Security screen lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A code typed to confirm a TOTP enrolment (`POST /api/users/me/second-factor/totp/confirm`). */
export const ConfirmTotpRequestSchema = z.object(
  { code: requiredText('Code').trim().regex(/^\d{6}$/, 'Code must be the 6 digits the app shows') },
  { error: 'The request body must be a JSON object with code' },
);
export type ConfirmTotpRequest = z.infer<typeof ConfirmTotpRequestSchema>;

/** Where the account's second factor stands (`GET /api/users/me/second-factor`). */
export interface SecondFactorStatus {
  /** TOTP is on. */
  totp: boolean;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
  /** The account's passkeys. */
  passkeys: PasskeySummary[];
  /** Whether passkeys work at this admin's address (a domain name, see WEBAUTHN_RP_ID). */
  passkeysAvailable: boolean;
  /** ADMIN_SECOND_FACTOR_REQUIRED: the admin cannot be used without one. */
  required: boolean;
}

/** A TOTP enrolment begun: the secret to scan (QR code as a PNG data URL) or to type. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** A TOTP enrolment confirmed: the recovery codes, shown this once (the gateway keeps only their hashes). */
export interface TotpEnabled {
  recoveryCodes: string[];
}

/** A successful login: what the admin app stores as `userInfo` (spec section 3). */
export const LoginResponseSchema = z.object({
  _id: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  /** A bearer token (JWT, HS256) to send as `Authorization: Bearer <token>`. */
  token: z.string(),
  /** Only when true: ADMIN_SECOND_FACTOR_REQUIRED and the account has none; the session can only set one up. */
  mustSetUpSecondFactor: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Who the bearer of a valid token is (`GET /api/users/me`). */
export const CurrentUserSchema = LoginResponseSchema.omit({ token: true });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * A cookie login's answer (`session: 'cookie'`): what the admin app keeps as `userInfo`. No credential:
 * the session itself is in an HttpOnly cookie that scripts cannot read.
 */
export const SessionLoginResponseSchema = CurrentUserSchema.extend({
  /** When the session ends at the latest (ISO 8601); it ends earlier after SESSION_IDLE_SECONDS without a call. */
  expiresAt: z.string(),
});
export type SessionLoginResponse = z.infer<typeof SessionLoginResponseSchema>;

/** The HttpOnly cookie that carries the admin's session (Path=/api). */
export const SESSION_COOKIE = 'shop_session';
/** The readable cookie whose value the admin app copies into CSRF_HEADER (double submit). */
export const CSRF_COOKIE = 'shop_csrf';
/** A long-lived HttpOnly cookie that names the browser, so that a sign-in from a new one can be told. */
export const DEVICE_COOKIE = 'shop_device';
/** The header every state-changing call made with the session cookie must carry. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** The answers of the auth guards, shared so that the admin app can recognise them. */
export const AuthMessage = {
  NoToken: 'Not authorized, no token',
  TokenFailed: 'Not authorized, token failed',
  NotAdmin: 'Not authorized as an admin',
  InvalidCredentials: 'Invalid username or password',
  TooManyLoginAttempts: 'Too many login attempts, please try again in a minute',
  AccountLocked: 'Too many failed logins for this account, please try again later',
  CrossSiteRefused: 'Request refused: it did not come from the admin app',
  SecondFactorNeeded: 'Enter the code from your authenticator app',
  PasskeyNeeded: 'Sign in with your passkey',
  InvalidPasskey: 'That passkey was not accepted',
  NoPasskey: 'This account has no passkey',
  PasskeysUnavailable: 'Passkeys are not available at this address of the admin',
  PasskeyNotFound: 'No such passkey',
  PasskeyAlreadyAdded: 'That passkey is already added',
  LastSecondFactor: 'Two-step sign-in is required: add another passkey or the authenticator app before removing this one',
  InvalidSecondFactor: 'That code is not right or was already used',
  SecondFactorSetupRequired: 'Set up two-step sign-in before using the admin',
  SecondFactorAlreadyOn: 'Two-step sign-in is already on; the admin-user command can reset it',
  NoEnrolment: 'Start the set-up again: no code is expected',
  CurrentPasswordWrong: 'The current password is not right',
  CommonPassword: 'That password is too common: choose a longer one of your own',
  PasswordIsUsername: 'The new password must not be the username',
  PasswordUnchanged: 'The new password must differ from the current one',
} as const;
