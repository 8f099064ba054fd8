import { Controller, Delete, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ConfirmTotpRequestSchema,
  type PasskeySummary,
  RegisterPasskeyRequestSchema,
  type SecondFactorStatus,
  type TotpEnabled,
  type TotpEnrolment,
} from '@shop/contracts';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import { AdminSetupGuard } from './admin.guard';
import type { AuthenticatedUser } from './authenticated-user';
import { AdminUsersRepository } from './admin-users.repository';
import type { AdminUserEntity } from './admin-user.entity';
import { UnauthorizedError } from './auth.errors';
import { PasskeyService } from './passkey.service';
import { SecondFactorService } from './second-factor.service';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';
import { Authenticated } from './authenticated.decorator';

type SignedIn = Request & { user: AuthenticatedUser };

/**
 * The signed-in admin's second factor: where it stands, and the TOTP enrolment (a QR code, then a first code,
 * then the recovery codes, shown once). Open to an account that must set one up (ADMIN_SECOND_FACTOR_REQUIRED).
 * Resetting it is the admin-user command's job (`--reset-second-factor`), for a lost phone.
 */
@ApiTags('users')
@Controller('users/me/second-factor')
@Authenticated(AdminSetupGuard, {
  401: "'Not authorized, no token' or 'Not authorized, token failed'",
  403: "Not an admin's session, or a cookie call from another origin or without X-CSRF-Token",
})
export class SecondFactorController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly passkeys: PasskeyService,
    private readonly users: AdminUsersRepository,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Whether two-step sign-in is on, how many recovery codes are left, and whether it is required" })
  @ApiOkResponse({ description: '`{ totp, recoveryCodesLeft, required }`' })
  status(@Req() req: SignedIn): Promise<SecondFactorStatus> {
    return this.secondFactor.status(req.user.id);
  }

  @Post('totp')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Begins a TOTP enrolment: a new secret, as a QR code (PNG data URL), an otpauth URL and text' })
  @ApiOkResponse({ description: '`{ secret, otpauthUrl, qrCode }`; nothing changes at sign-in until a code confirms it' })
  @ApiErrors({ 409: 'Two-step sign-in is already on' })
  begin(@Req() req: SignedIn): Promise<TotpEnrolment> {
    return this.secondFactor.begin(req.user.id);
  }

  @Post('totp/confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirms the enrolment with a code from the app: two-step sign-in is on; answers the ten recovery codes, this once' })
  @ApiOkResponse({ description: '`{ recoveryCodes }`: each works once in place of a code; only their hashes are kept' })
  @ApiErrors({ 400: 'The code is missing, malformed or not the current one', 409: 'No enrolment was begun, or two-step sign-in is already on' })
  confirm(@ZodBody(ConfirmTotpRequestSchema) { code }: z.output<typeof ConfirmTotpRequestSchema>, @Req() req: SignedIn): Promise<TotpEnabled> {
    return this.secondFactor.confirm(req.user.id, code, { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: String(req.headers['user-agent'] ?? '') });
  }

  @Post('passkeys/options')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Begins adding a passkey: the options of navigator.credentials.create, with a challenge bound to this account' })
  @ApiOkResponse({ description: 'PublicKeyCredentialCreationOptionsJSON; the challenge works once, for a few minutes' })
  @ApiErrors({ 409: 'Passkeys are not available at this address of the admin (WEBAUTHN_RP_ID)' })
  async passkeyOptions(@Req() req: SignedIn): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.passkeys.registrationOptions(await this.account(req));
  }

  @Post('passkeys')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "Adds a passkey: its name and the browser's answer to the challenge; from now on it can stand in for a code at sign-in" })
  @ApiOkResponse({ description: '`{ id, name, createdAt, lastUsedAt }`' })
  @ApiErrors({
    400: 'A field is missing, or the answer is not for this challenge, origin or RP ID',
    409: 'That passkey is already added, or passkeys are not available here',
  })
  async addPasskey(@ZodBody(RegisterPasskeyRequestSchema) request: z.output<typeof RegisterPasskeyRequestSchema>, @Req() req: SignedIn): Promise<PasskeySummary> {
    return this.passkeys.register(await this.account(req), request);
  }

  @Delete('passkeys/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes one of the passkeys of the account' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors({ 404: 'The account has no passkey with this id', 409: 'Two-step sign-in is required and this is the last second factor' })
  async removePasskey(@Param('id') id: string, @Req() req: SignedIn): Promise<void> {
    await this.secondFactor.removePasskey(await this.account(req), id);
  }

  private async account(req: SignedIn): Promise<AdminUserEntity> {
    const user = await this.users.findById(req.user.id);
    if (!user) throw new UnauthorizedError();
    return user;
  }
}
