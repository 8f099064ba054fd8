import { AuthMessage } from '@shop/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

// The maintained list of common passwords that zxcvbn-ts ships (about 50,000, most used first), lower-cased once.
let common: Set<string> | undefined;
const commonPasswords = (): Set<string> => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/**
 * Why a new admin password is refused beyond its length (the contracts check that), or null when it may be used:
 * one of the common passwords (ignoring case and compatibility forms), or the username itself.
 */
export function passwordProblem(password: string, username: string): string | null {
  const folded = password.normalize('NFKC').toLowerCase();
  if (commonPasswords().has(folded)) return AuthMessage.CommonPassword;
  if (folded === username.normalize('NFKC').toLowerCase()) return AuthMessage.PasswordIsUsername;
  return null;
}
