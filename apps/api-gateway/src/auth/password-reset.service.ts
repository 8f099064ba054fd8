import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PASSWORD_RESET_MINUTES, type PasswordResetComplete, PasswordResetMessage, ValidationError } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import { TransactionContext } from '@shop/server-database';
import type { Logger } from 'pino';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import type { AdminUserEntity } from './admin-user.entity';
import { LoginLockout } from './login-lockout';
import { PasswordHasher } from './password-hasher';
import { passwordProblem } from './password-policy';
import { type PasswordResetRow, PasswordResetsRepository } from './password-resets.repository';
import { type LoginClient, SecurityAlerts } from './security-alerts';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * "Forgot password?" (issue 26). The owner names her account (its username, or the shop owner's e-mail address,
 * SHOP_OWNER_EMAIL, where every mail about the admin identity goes); a link with a single-use token that works for
 * 30 minutes is mailed there, and the answer is the same whether or not the account exists. The link's page sets a
 * new password under the password change's rules; every session of the account ends, the account's login lock is
 * lifted, and a second factor, if enrolled, is still asked at the next sign-in. Only the token's SHA-256 is stored.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly sessions: AdminSessionsRepository,
    private readonly passwords: PasswordHasher,
    private readonly lockout: LoginLockout,
    private readonly alerts: SecurityAlerts,
    private readonly tx: TransactionContext,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Mails a reset link when `login` names an account; says nothing either way (the caller answers the same). */
  async request(login: string, client: LoginClient): Promise<void> {
    const user = await this.accountFor(login);
    if (!user) {
      this.logger.info({ ip: client.ip }, 'password reset asked for a name that is no account; nothing mailed');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.resets.issue(user.id, hashOf(token), PASSWORD_RESET_MINUTES);
    this.alerts.passwordReset(user.username, client, token, expiresAt);
  }

  /** Whether a link still works, for its page to say so before a password is typed: a 400 saying why not. */
  async check(token: string): Promise<void> {
    this.assertUsable(await this.resets.find(hashOf(token)));
  }

  private assertUsable(link: PasswordResetRow | undefined): asserts link is PasswordResetRow {
    if (!link) throw new ValidationError(PasswordResetMessage.LinkInvalid);
    if (link.used) throw new ValidationError(PasswordResetMessage.LinkUsed);
    if (link.expired) throw new ValidationError(PasswordResetMessage.LinkExpired);
  }

  /**
   * Sets the new password through a link: refused (400, saying why) when the link is unknown, used or expired, or the
   * password breaks the rules (the link then still works). Ends every session of the account.
   */
  async complete(input: PasswordResetComplete, client: LoginClient): Promise<void> {
    const tokenHash = hashOf(input.token);
    const user = await this.tx.run(async () => {
      const link = await this.resets.lock(tokenHash);
      this.assertUsable(link);
      const account = await this.users.findById(link.user_id);
      if (!account) throw new ValidationError(PasswordResetMessage.LinkInvalid);
      const problem = await passwordProblem(input.newPassword, account.username);
      if (problem) throw new ValidationError(problem);
      await this.users.setPasswordHash(account.id, await this.passwords.hash(input.newPassword));
      await this.resets.use(tokenHash, account.id);
      await this.sessions.revokeAllForUser(account.id);
      await this.users.endTokensIssuedBefore(account.id);
      return account;
    });
    // Whoever holds the owner's mailbox may sign in again at once with the new password.
    await this.lockout.lift({ account: user.id });
    this.alerts.passwordChanged(user.username, client);
  }

  /** The account a typed name or address stands for: a username, or the shop owner's address (the first admin). */
  private async accountFor(login: string): Promise<AdminUserEntity | null> {
    const byName = await this.users.findByUsername(login);
    if (byName) return byName;
    if (login.includes('@') && login.toLowerCase() === this.config.SHOP_OWNER_EMAIL.toLowerCase()) return this.users.firstAdmin();
    return null;
  }
}
