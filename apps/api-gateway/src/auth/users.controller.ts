import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ChangePasswordRequestSchema,
  type CurrentUser,
  CurrentUserSchema,
  LoginRequestSchema,
  type LoginResponse,
  LoginResponseSchema,
  PasswordResetCheckSchema,
  PasswordResetCompleteSchema,
  PasswordResetMessage,
  PasswordResetRequestSchema,
  SESSION_COOKIE,
  type SessionLoginResponse,
  SessionLoginResponseSchema,
  validate,
} from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import { errorSchema, schemaOf } from '../http/openapi';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { AdminGuard } from './admin.guard';
import { AuthService } from './auth.service';
import type { AuthenticatedUser } from './authenticated-user';
import { type AdminPrincipal, CurrentAdmin } from './current-admin.decorator';
import { PasswordResetService } from './password-reset.service';
import { SessionGuard } from './session.guard';
import { clearSessionCookies, cookieLayout, deviceIdOf, setSessionCookies } from './session-cookies';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';
import { RateLimited } from '../http/rate-limited.decorator';
import { Authenticated } from './authenticated.decorator';

const UNAUTHORIZED = "'Not authorized, no token' or 'Not authorized, token failed' (also: the session ended)";
const CROSS_SITE = 'A session-cookie call from another origin, or a state-changing one without X-CSRF-Token';

@ApiTags('users')
@Controller('users')
export class UsersController {
  private readonly resetLimiter: ClientLimiter;

  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    limiters: RateLimiterFactory,
  ) {
    // A public write that mails the owner: limited per client like the contact form (issue 26).
    this.resetLimiter = limiters.forClients('password-reset');
  }

  @Post('password-reset')
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: '"Forgot password?": mails a single-use link to set a new password (30 minutes) to the shop owner\'s address',
    description:
      '`login` is an admin username, or SHOP_OWNER_EMAIL (the first admin). The answer is the same whether or not the account exists. ' +
      'A newer request replaces the link of an earlier one. Limited per client (PASSWORD_RESET_RATE_LIMIT per RATE_LIMIT_WINDOW_SECONDS).',
  })
  @ApiAcceptedResponse({ description: 'The same message for every name', schema: errorSchema })
  @ApiErrors({ 400: 'login is missing or too long' })
  @RateLimited('Too many requests from this client')
  async requestPasswordReset(@ZodBody(PasswordResetRequestSchema) { login }: z.output<typeof PasswordResetRequestSchema>, @Req() req: Request): Promise<{ message: string }> {
    await this.resetLimiter.consume(req, undefined);
    await this.resets.request(login, clientOf(req));
    return { message: PasswordResetMessage.Requested };
  }

  @Post('password-reset/check')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Whether a reset link still works (the link's page asks before showing its form)",
    description: 'A read: not counted against the limit (a token is 32 random bytes, nothing to guess).',
  })
  @ApiOkResponse({ schema: errorSchema })
  @ApiErrors({ 400: 'The link is unknown, used or expired (the message says which)' })
  async checkPasswordReset(@ZodBody(PasswordResetCheckSchema) { token }: z.output<typeof PasswordResetCheckSchema>): Promise<{ message: string }> {
    await this.resets.check(token);
    return { message: PasswordResetMessage.LinkWorks };
  }

  @Post('password-reset/complete')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The reset link's page: a new password for the link's account; every session of the account ends",
    description:
      'The new password follows the password change\'s rules. A link works once and for 30 minutes; an unknown, used or expired one is a 400 ' +
      'saying which. Two-step sign-in, if on, is still asked at the next sign-in.',
  })
  @ApiBody({ schema: schemaOf(PasswordResetCompleteSchema) })
  @ApiOkResponse({ schema: errorSchema })
  @ApiErrors({ 400: 'The link is unknown, used or expired, or the new password is refused (the message says why)' })
  @RateLimited('Too many tries from this client')
  async completePasswordReset(@Body() body: unknown, @Req() req: Request): Promise<{ message: string }> {
    // Counted before the body is read: every try at a link counts, a malformed one too.
    await this.resetLimiter.consume(req, undefined);
    const input = validate(PasswordResetCompleteSchema, body);
    await this.resets.complete(input, clientOf(req));
    return { message: PasswordResetMessage.Done };
  }

  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Admin login: a bearer token, or with `session: 'cookie'` a session cookie (the admin app)",
    description:
      'Without `session`: the answer carries a bearer token for `Authorization: Bearer <token>`. ' +
      `With \`session: 'cookie'\`: the answer sets the HttpOnly session cookie (\`__Host-${SESSION_COOKIE}\`, SameSite=Strict; bare \`${SESSION_COOKIE}\` on /api over plain http) and the readable CSRF cookie (\`__Host-shop_csrf\` or \`shop_csrf\`) ` +
      'whose value state-changing calls must send as `X-CSRF-Token`; its JSON carries no token. Either way the login opens a server-side session ' +
      'that logout, sign out everywhere and a password change end. After 5 failed logins within a minute the client (by IP) is refused with 429 ' +
      'until the minute has passed; after LOGIN_LOCKOUT_THRESHOLD failed logins of one account (from any client) the account is locked (429) ' +
      'for LOGIN_LOCKOUT_BASE_SECONDS, doubling with every further failure, even for the right password; a browser that signed in to the account before ' +
      '(its signed device cookie) is not held by that lock and has a count of its own. An account with two-step sign-in also needs `code` ' +
      "(its authenticator app's 6 digits, or a recovery code): the right password without it answers 401 'Enter the code from your authenticator app'. " +
      "An account with a passkey may send `passkey` instead (the browser's answer to the challenge of `POST /api/users/login/passkey`); an account with " +
      "only a passkey is answered 401 'Sign in with your passkey'. A wrong code or passkey counts as a failed login.",
  })
  @ApiOkResponse({
    description: 'Bearer flow: the user info with its token. Cookie flow: the user info and when the session ends (`userInfo`), no token.',
    schema: { oneOf: [schemaOf(LoginResponseSchema), schemaOf(SessionLoginResponseSchema)] },
  })
  @ApiErrors({
    400: 'A field is missing or not valid; the message names it',
    401: 'Wrong username or password (one message for both); a code is needed; or the code is wrong',
    503: 'Redis, which counts the attempts, is not answering',
  })
  @RateLimited('Too many failed logins from this client, or the account is locked after too many failed logins', 'Seconds until the client may try again')
  async login(@ZodBody(LoginRequestSchema) input: z.output<typeof LoginRequestSchema>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse | SessionLoginResponse> {
    // req.ip is the client's address: the app trusts X-Forwarded-For only from loopback and private proxies.
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const userAgent = String(req.headers['user-agent'] ?? '');
    if (input.session === 'cookie') {
      const device = deviceIdOf(req.headers, cookieLayout(this.config), this.config.JWT_SECRET);
      const issued = await this.auth.login(input, { ip, userAgent, flow: 'cookie', deviceId: device.id });
      setSessionCookies(res, this.config, issued.token, issued.csrf, device.cookie);
      return {
        _id: issued.user.id,
        username: issued.user.username,
        isAdmin: issued.user.isAdmin,
        expiresAt: issued.expiresAt.toISOString(),
        ...(issued.mustSetUpSecondFactor ? { mustSetUpSecondFactor: true } : {}),
      } satisfies SessionLoginResponse;
    }
    const issued = await this.auth.login(input, { ip, userAgent, flow: 'bearer' });
    return {
      _id: issued.user.id,
      username: issued.user.username,
      isAdmin: issued.user.isAdmin,
      token: issued.token,
      ...(issued.mustSetUpSecondFactor ? { mustSetUpSecondFactor: true } : {}),
    };
  }

  @Post('login/passkey')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The passkey step of a sign-in: after the right username and password, a WebAuthn challenge for the account\'s passkeys',
    description:
      'Takes the login\'s fields (`username`, `password`, `session`), checked, limited and counted as at login. Answers the options of ' +
      '`navigator.credentials.get`; the browser\'s answer then goes to `POST /api/users/login` as `passkey` (instead of `code`). ' +
      'The challenge is bound to the account, works once and expires after a few minutes; a newer one replaces it.',
  })
  @ApiOkResponse({ description: 'PublicKeyCredentialRequestOptionsJSON: `challenge`, `rpId`, `allowCredentials`, `timeout`, `userVerification`' })
  @ApiErrors({
    400: 'A field is missing or not valid; the message names it',
    401: 'Wrong username or password (one message for both)',
    409: 'The account has no passkey, or passkeys are not available at this address',
  })
  @RateLimited('Too many failed logins from this client, or the account is locked')
  passkeyOptions(@ZodBody(LoginRequestSchema) input: z.output<typeof LoginRequestSchema>, @Req() req: Request): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const userAgent = String(req.headers['user-agent'] ?? '');
    if (input.session === 'cookie') {
      // The device cookie, as at login: a browser the owner signed in from before is not held by the account's lock.
      const device = deviceIdOf(req.headers, cookieLayout(this.config), this.config.JWT_SECRET);
      return this.auth.passkeySignInOptions(input, { ip, userAgent, flow: 'cookie', deviceId: device.id });
    }
    return this.auth.passkeySignInOptions(input, { ip, userAgent, flow: 'bearer' });
  }

  @Post('me/password')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  @Authenticated(AdminGuard, { 401: UNAUTHORIZED, 403: CROSS_SITE })
  @ApiOperation({
    summary: 'Changes the password: the current one, then a new one; every other session of the account ends and the owner is mailed',
    description:
      'The new password needs PASSWORD_MIN_LENGTH characters, must not be one of the common passwords of a maintained list, nor the username, ' +
      'nor the current password. A wrong current password is a 400 (not a 401: the session is fine) and counts against the client\'s login limit.',
  })
  @ApiNoContentResponse({ description: 'Changed; this session goes on, every other one has ended' })
  @ApiErrors({ 400: 'A field is missing, the current password is not right, or the new one is refused (the message says why)' })
  @RateLimited('Too many wrong passwords from this client')
  async changePassword(@ZodBody(ChangePasswordRequestSchema) input: z.output<typeof ChangePasswordRequestSchema>, @Req() req: Request & { user: AuthenticatedUser }): Promise<void> {
    await this.auth.changePassword(req.user.id, req.user.sessionId, input, {
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      userAgent: String(req.headers['user-agent'] ?? ''),
    });
  }

  @Post('logout')
  @HttpCode(204)
  @Authenticated(SessionGuard, { 401: UNAUTHORIZED, 403: CROSS_SITE })
  @ApiOperation({ summary: 'Ends this session (its cookie or bearer token answers 401 from now on) and clears the session cookies' })
  @ApiNoContentResponse({ description: 'The session has ended' })
  async logout(@Req() req: Request & { user: AuthenticatedUser }, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(req.user.sessionId);
    clearSessionCookies(res, this.config);
  }

  @Post('logout-all')
  @HttpCode(204)
  @Authenticated(SessionGuard, { 401: UNAUTHORIZED, 403: CROSS_SITE })
  @ApiOperation({ summary: "Sign out everywhere: ends every session of the caller's account, in every browser and script" })
  @ApiNoContentResponse({ description: 'Every session of the account has ended' })
  async logoutAll(@Req() req: Request & { user: AuthenticatedUser }, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logoutEverywhere(req.user.id);
    clearSessionCookies(res, this.config);
  }

  @Get('me')
  @Authenticated(AdminGuard, { 401: UNAUTHORIZED, 403: "A valid token, but not an admin's" })
  @ApiOperation({ summary: 'The admin the bearer token or session cookie belongs to' })
  @ApiOkResponse({ schema: schemaOf(CurrentUserSchema) })
  me(@CurrentAdmin() admin: AdminPrincipal): CurrentUser {
    return { _id: admin.id, username: admin.username, isAdmin: true };
  }
}

/** The client as the gateway saw it (req.ip trusts X-Forwarded-For only from loopback and private proxies). */
function clientOf(req: Request): { ip: string; userAgent: string } {
  return { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: String(req.headers['user-agent'] ?? '') };
}
