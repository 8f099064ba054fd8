import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AdminCredentialsSchema } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { AdminUsersRepository } from './admin-users.repository';
import { PasswordHasher } from './password-hasher';

/** At start-up, creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD when there is no admin yet. */
@Injectable()
export class FirstAdminBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly passwords: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const outcome = await this.users.createFirstAdmin(() => this.credentials());
    if (outcome === 'admin-exists') return;
    if (outcome === 'name-taken') {
      this.logger.warn({ username: this.config.ADMIN_USERNAME }, 'no admin exists and a non-admin account has ADMIN_USERNAME; use the admin-user command');
      return;
    }
    this.logger.info({ username: outcome.username, id: outcome.id }, 'first admin created');
  }

  /** Checked only when the account is really made, so that later changes to these variables never stop a start. */
  private async credentials(): Promise<{ username: string; passwordHash: string }> {
    const parsed = AdminCredentialsSchema.safeParse({ username: this.config.ADMIN_USERNAME, password: this.config.ADMIN_PASSWORD });
    if (!parsed.success) {
      throw new Error(`Cannot create the first admin from ADMIN_USERNAME / ADMIN_PASSWORD: ${parsed.error.issues[0]?.message}`);
    }
    return { username: parsed.data.username, passwordHash: await this.passwords.hash(parsed.data.password) };
  }
}
