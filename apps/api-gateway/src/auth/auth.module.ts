import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '@shop/server-core';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AdminUsersRepository } from './admin-users.repository';
import { AuthService } from './auth.service';
import { FirstAdminBootstrap } from './first-admin.bootstrap';
import { PasswordHasher } from './password-hasher';
import { RateLimiterFactory } from './rate-limiter';
import { UsersController } from './users.controller';

/**
 * Admin identity: accounts in the identity schema, login with a rate limit, HS256 bearer tokens.
 * Other routes protect themselves with `AdminGuard` / `OptionalAdminGuard` and read `@CurrentAdmin()`.
 */
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_EXPIRES_IN_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [UsersController],
  providers: [AdminUsersRepository, PasswordHasher, AuthService, AdminJwtStrategy, FirstAdminBootstrap, RateLimiterFactory],
  exports: [RateLimiterFactory],
})
export class AuthModule {}
