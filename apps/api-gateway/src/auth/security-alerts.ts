import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Pattern, type SecurityAlert, SecurityAlertKind } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import { AlertThrottleRepository } from './alert-throttle.repository';
import type { Logger } from 'pino';

/** Who tried or signed in, as the gateway saw them. */
export interface LoginClient {
  ip: string;
  userAgent: string;
}

/** At most one lock mail per account (and one for all names that are no account) in this many seconds. */
export const LOCK_ALERT_INTERVAL_SECONDS = 3600;

/**
 * Mails the owner about the admin identity (a locked account, a sign-in from a new browser, a password change,
 * two-step sign-in turned on) through the notification service. Never holds up or fails a login: the mail is
 * sent in the background and a service that does not answer is logged. Lock mails are limited to one an hour
 * per account, so that someone failing on purpose cannot flood the owner's inbox.
 */
@Injectable()
export class SecurityAlerts {
  constructor(
    private readonly services: ServiceClient,
    private readonly throttle: AlertThrottleRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `accountId`: the locked account, or null for a name that is no account (all such share one limit). */
  accountLocked(accountId: string | null, username: string, client: LoginClient, lockedUntil: Date, failures: number): void {
    this.throttle.claim(`account_locked:${accountId ?? 'unknown-names'}`, LOCK_ALERT_INTERVAL_SECONDS).then(
      (send) => {
        if (send) this.send({ kind: SecurityAlertKind.AccountLocked, username, ...client, lockedUntil: lockedUntil.toISOString(), failures });
        else this.logger.warn({ username, ip: client.ip }, 'account locked again; its mail went out within the hour');
      },
      (err: unknown) => this.logger.error({ err, username }, 'lock mail limit could not be read; no mail sent'),
    );
  }

  newBrowser(username: string, client: LoginClient): void {
    this.send({ kind: SecurityAlertKind.NewBrowser, username, ...client });
  }

  passwordChanged(username: string, client: LoginClient): void {
    this.send({ kind: SecurityAlertKind.PasswordChanged, username, ...client });
  }

  /** "Forgot password?": the mail with the single-use link (the token travels to the mail, never to a log). */
  passwordReset(username: string, client: LoginClient, token: string, expiresAt: Date): void {
    this.send({ kind: SecurityAlertKind.PasswordReset, username, ...client, resetToken: token, resetExpiresAt: expiresAt.toISOString() });
  }

  secondFactorEnabled(username: string, client: LoginClient): void {
    this.send({ kind: SecurityAlertKind.SecondFactorEnabled, username, ...client });
  }

  private send(alert: Omit<SecurityAlert, 'id' | 'at'>): void {
    const full: SecurityAlert = { id: randomUUID(), at: new Date().toISOString(), ...alert, ip: alert.ip.slice(0, 64), userAgent: alert.userAgent.slice(0, 512) };
    this.logger.warn({ alert: { kind: full.kind, username: full.username, ip: full.ip } }, 'security alert');
    this.services.send(Pattern.NotificationSecurityAlert, { alert: full }).catch((err: unknown) => {
      this.logger.error({ err, alertId: full.id, kind: full.kind }, 'security alert mail could not be queued');
    });
  }
}
