import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthMessage, ConflictError, NotFoundError, type SecondFactorStatus, type TotpEnabled, type TotpEnrolment, ValidationError } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig, webauthnRelyingParty } from '@shop/server-config';
import { AdminUsersRepository } from './admin-users.repository';
import type { AdminUserEntity } from './admin-user.entity';
import { passkeySummary } from './passkey-summary';
import { UnauthorizedError } from './auth.errors';
import { PasskeysRepository } from './passkeys.repository';
import { RecoveryCodesRepository } from './recovery-codes.repository';
import { type LoginClient, SecurityAlerts } from './security-alerts';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Island Glow Admin';
/** Recovery codes given at enrolment: each works once. */
export const RECOVERY_CODE_COUNT = 10;
// A code a phone's clock set a little wrong still passes: the step before and the step after (30 s each way).
const TOTP_TOLERANCE_SECONDS = 30;
// No 0/o, 1/l/i: codes are read off paper. 31 letters, 10 of them: about 50 bits per code.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TOTP_CODE = /^\d{6}$/;

/** A recovery code as typed (any case, spaces or dashes) in the one form its hash is taken of. */
export function recoveryCodeKey(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Recovery codes are random and long, so one sha256 (no salt, no work factor) keeps them as safe as a password hash would. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`recovery:${recoveryCodeKey(code)}`).digest('hex');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * The owner's second factor: TOTP (RFC 6238, with otplib) enrolled from a QR code and confirmed by a first code,
 * ten one-time recovery codes shown once and stored hashed, and the check of either at sign-in. A TOTP code is
 * taken once: its time step must be later than the last one accepted.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly users: AdminUsersRepository,
    private readonly recoveryCodes: RecoveryCodesRepository,
    private readonly alerts: SecurityAlerts,
    private readonly passkeys: PasskeysRepository,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async status(userId: string): Promise<SecondFactorStatus> {
    const user = await this.requireUser(userId);
    return {
      totp: Boolean(user.totpSecret),
      recoveryCodesLeft: await this.recoveryCodes.countLeft(userId),
      passkeys: (await this.passkeys.listFor(userId)).map(passkeySummary),
      passkeysAvailable: webauthnRelyingParty(this.config) !== null,
      required: this.config.ADMIN_SECOND_FACTOR_REQUIRED,
    };
  }

  /** Begins an enrolment: a new secret, kept as pending until `confirm`. Refused (409) while TOTP is on. */
  async begin(userId: string): Promise<TotpEnrolment> {
    const user = await this.requireUser(userId);
    if (user.totpSecret) throw new ConflictError(AuthMessage.SecondFactorAlreadyOn);
    const { generateSecret, generateURI } = await import('otplib');
    const secret = generateSecret();
    await this.users.setPendingTotp(user.id, secret);
    const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.username, secret });
    return { secret, otpauthUrl, qrCode: await (await import('qrcode')).toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
  }

  /** Ends an enrolment with a first code from the app: TOTP is on, and the recovery codes are answered this once. */
  async confirm(userId: string, code: string, client: LoginClient): Promise<TotpEnabled> {
    const user = await this.requireUser(userId);
    if (user.totpSecret) throw new ConflictError(AuthMessage.SecondFactorAlreadyOn);
    if (!user.totpPendingSecret) throw new ConflictError(AuthMessage.NoEnrolment);
    const { verify } = await import('otplib');
    const result = await verify({ secret: user.totpPendingSecret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
    // 400, not 401: the session is fine, the code is not (a 401 would sign the admin app out).
    if (!result.valid || !('timeStep' in result)) throw new ValidationError(AuthMessage.InvalidSecondFactor);
    if (!(await this.users.enableTotp(user.id, user.totpPendingSecret, result.timeStep))) throw new ConflictError(AuthMessage.NoEnrolment);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.recoveryCodes.replace(user.id, codes.map(hashRecoveryCode));
    this.alerts.secondFactorEnabled(user.username, client);
    return { recoveryCodes: codes };
  }

  /** True when the code is the account's current TOTP code (not used before) or one of its unused recovery codes. */
  async verifyAtSignIn(user: AdminUserEntity, code: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    const typed = code.replace(/\s/g, '');
    if (TOTP_CODE.test(typed)) {
      const { verify } = await import('otplib');
      const result = await verify({
        secret: user.totpSecret,
        token: typed,
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        ...(user.totpLastStep !== null ? { afterTimeStep: Number(user.totpLastStep) } : {}),
      });
      return result.valid && 'timeStep' in result && (await this.users.spendTotpStep(user.id, result.timeStep));
    }
    return this.recoveryCodes.spend(user.id, hashRecoveryCode(typed));
  }

  /**
   * Removes a passkey; refused (409) when two-step sign-in is required and it is the account's last second factor,
   * which would leave the account unable to use the admin until it sets one up again.
   */
  async removePasskey(user: AdminUserEntity, id: string): Promise<void> {
    if (this.config.ADMIN_SECOND_FACTOR_REQUIRED && !user.totpSecret) {
      const left = await this.passkeys.listFor(user.id);
      if (left.length === 1 && left[0].id === id) throw new ConflictError(AuthMessage.LastSecondFactor);
    }
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await this.passkeys.remove(user.id, id))) throw new NotFoundError(AuthMessage.PasskeyNotFound);
  }

  private async requireUser(userId: string): Promise<AdminUserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }
}
