import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { TransactionContext } from '@shop/server-database';
import { RateLimiterFactory } from '../http/rate-limiter';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { AlertThrottleRepository } from './alert-throttle.repository';
import { AuthService } from './auth.service';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './authenticated-user';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { LoginLockout } from './login-lockout';
import { LoginLockoutsRepository } from './login-lockouts.repository';
import { PasskeyService } from './passkey.service';
import { PasskeysRepository } from './passkeys.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { RecoveryCodesRepository } from './recovery-codes.repository';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorService } from './second-factor.service';
import { SecurityAlerts } from './security-alerts';
import { UsersController } from './users.controller';

/**
 * Admin identity: accounts in the identity schema; login with a per-client rate limit and a per-account
 * lockout that spares the owner's known browsers; a second factor (TOTP, recovery codes, passkeys); server-side sessions
 * carried by HS256 tokens (with iss and aud), as bearer tokens or in the admin app's HttpOnly cookie (with a
 * CSRF header); logout, sign out everywhere, password change, password reset by a mailed link; security mails to the owner.
 * Other routes protect themselves with `AdminGuard` / `OptionalAdminGuard` and read `@CurrentAdmin()`.
 */
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN_SECONDS, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE },
        verifyOptions: { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE },
      }),
    }),
  ],
  controllers: [UsersController, SecondFactorController],
  providers: [
    TransactionContext,
    AdminUsersRepository,
    AdminSessionsRepository,
    PasswordHasher,
    PasswordResetsRepository,
    PasswordResetService,
    LoginLockout,
    LoginLockoutsRepository,
    AlertThrottleRepository,
    RecoveryCodesRepository,
    PasskeysRepository,
    PasskeyService,
    SecurityAlerts,
    SecondFactorService,
    AuthService,
    AdminJwtStrategy,
    FirstAdminBootstrap,
    RateLimiterFactory,
  ],
  exports: [RateLimiterFactory],
})
export class AuthModule {}
