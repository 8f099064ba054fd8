import { Injectable } from '@nestjs/common';
// bcryptjs rather than bcrypt or argon2: it is pure JavaScript, so it needs no native build in the
// slim production image or on a developer machine, and its hashes are standard bcrypt ($2b$).
import { compare as bcryptCompare, hash as bcryptHash } from 'bcryptjs';
import { PASSWORD_MAX_BYTES } from '@shop/contracts';

/** bcrypt work factor: about a quarter of a second per hash on a server core, slow enough to hurt guessing. */
export const BCRYPT_COST = 12;

/**
 * A cost-12 hash of random text nobody kept: checking a password against it costs exactly what a
 * real check costs, and nothing can match it. Keep its cost equal to BCRYPT_COST.
 */
const DUMMY_HASH = '$2b$12$KlkEy15BdPMXaQupUhS03eod6TT97nqSB8xWPpyCCNIgMlbsR5GEK';

/** Hashes and checks admin passwords with bcrypt. */
@Injectable()
export class PasswordHasher {
  /** A bcrypt hash of the password; refuses passwords bcrypt would silently cut. */
  async hash(password: string): Promise<string> {
    if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) {
      throw new RangeError(`A password may be at most ${PASSWORD_MAX_BYTES} bytes`);
    }
    return bcryptHash(password, BCRYPT_COST);
  }

  /** True when the password matches the hash. */
  verify(password: string, passwordHash: string): Promise<boolean> {
    return bcryptCompare(password, passwordHash);
  }

  /**
   * Spends the same time as `verify` without a real account, so that a login for an unknown
   * username cannot be told apart from a wrong password by how long the answer takes. Always false.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    await bcryptCompare(password, DUMMY_HASH);
    return false;
  }
}
