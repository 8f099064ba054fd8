import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import { RateLimiterFactory } from '../http/rate-limiter';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { AuthService } from './auth.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { LoginLockout } from './login-lockout';
import { LoginLockoutsRepository } from './login-lockouts.repository';
import { PasswordHasher } from './password-hasher';
import { SecurityAlerts } from './security-alerts';
import { UsersController } from './users.controller';

/**
 * Admin identity: accounts in the identity schema; login with a per-client rate limit and a per-account
 * lockout; server-side sessions carried by HS256 tokens, as bearer tokens or in the admin app's HttpOnly
 * cookie (with a CSRF header); logout, sign out everywhere; security mails to the owner.
 * Other routes protect themselves with `AdminGuard` / `OptionalAdminGuard` and read `@CurrentAdmin()`.
 */
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [UsersController],
  providers: [
    TransactionContext,
    AdminUsersRepository,
    AdminSessionsRepository,
    PasswordHasher,
    LoginLockout,
    LoginLockoutsRepository,
    SecurityAlerts,
    AuthService,
    AdminJwtStrategy,
    FirstAdminBootstrap,
    RateLimiterFactory,
  ],
  exports: [RateLimiterFactory],
})
export class AuthModule {}
