import { AuthMessage } from '@shop/contracts';

// The maintained list of common passwords that zxcvbn-ts ships (about 50,000, most used first), lower-cased once.
// Loaded with the first password change, not at start: an idle gateway does not hold it (about 14 MB).
let common: Promise<Set<string>> | undefined;
const commonPasswords = (): Promise<Set<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))));

/**
 * Why a new admin password is refused beyond its length (the contracts check that), or null when it may be used:
 * one of the common passwords (ignoring case and compatibility forms), or the username itself.
 */
export async function passwordProblem(password: string, username: string): Promise<string | null> {
  const folded = password.normalize('NFKC').toLowerCase();
  if ((await commonPasswords()).has(folded)) return AuthMessage.CommonPassword;
  if (folded === username.normalize('NFKC').toLowerCase()) return AuthMessage.PasswordIsUsername;
  return null;
}
