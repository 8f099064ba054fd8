import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Pattern, type SecurityAlert, SecurityAlertKind } from '@shop/contracts';
import { LOGGER, ServiceClient } from '@shop/server-core';
import type { Logger } from 'pino';

/** Who tried or signed in, as the gateway saw them. */
export interface LoginClient {
  ip: string;
  userAgent: string;
}

/**
 * Mails the owner about the admin identity (a locked account, a sign-in from a new browser) through the
 * notification service. Never holds up or fails a login: the mail is sent in the background and a
 * service that does not answer is logged.
 */
@Injectable()
export class SecurityAlerts {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  accountLocked(username: string, client: LoginClient, lockedUntil: Date, failures: number): void {
    this.send({ kind: SecurityAlertKind.AccountLocked, username, ...client, lockedUntil: lockedUntil.toISOString(), failures });
  }

  newBrowser(username: string, client: LoginClient): void {
    this.send({ kind: SecurityAlertKind.NewBrowser, username, ...client });
  }

  private send(alert: Omit<SecurityAlert, 'id' | 'at'>): void {
    const full: SecurityAlert = { id: randomUUID(), at: new Date().toISOString(), ...alert, ip: alert.ip.slice(0, 64), userAgent: alert.userAgent.slice(0, 512) };
    this.logger.warn({ alert: { kind: full.kind, username: full.username, ip: full.ip } }, 'security alert');
    this.services.send(Pattern.NotificationSecurityAlert, { alert: full }).catch((err: unknown) => {
      this.logger.error({ err, alertId: full.id, kind: full.kind }, 'security alert mail could not be queued');
    });
  }
}
