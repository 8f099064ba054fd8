import { Body, Controller, Get, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ConfirmTotpRequestSchema, type SecondFactorStatus, type TotpEnabled, type TotpEnrolment, validate } from '@shop/contracts';
import type { Request } from 'express';
import { errorSchema, schemaOf } from '../http/openapi';
import { AdminSetupGuard } from './admin.guard';
import type { AuthenticatedUser } from './authenticated-user';
import { SecondFactorService } from './second-factor.service';

type SignedIn = Request & { user: AuthenticatedUser };
const unauthorized = { description: "'Not authorized, no token' or 'Not authorized, token failed'", schema: errorSchema };
const forbidden = { description: "Not an admin's session, or a cookie call from another origin or without X-CSRF-Token", schema: errorSchema };

/**
 * The signed-in admin's second factor: where it stands, and the TOTP enrolment (a QR code, then a first code,
 * then the recovery codes, shown once). Open to an account that must set one up (ADMIN_SECOND_FACTOR_REQUIRED).
 * Resetting it is the admin-user command's job (`--reset-second-factor`), for a lost phone.
 */
@ApiTags('users')
@Controller('users/me/second-factor')
@UseGuards(AdminSetupGuard)
@ApiBearerAuth()
@ApiCookieAuth('session')
@ApiUnauthorizedResponse(unauthorized)
@ApiForbiddenResponse(forbidden)
export class SecondFactorController {
  constructor(private readonly secondFactor: SecondFactorService) {}

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
  @ApiConflictResponse({ description: 'Two-step sign-in is already on', schema: errorSchema })
  begin(@Req() req: SignedIn): Promise<TotpEnrolment> {
    return this.secondFactor.begin(req.user.id);
  }

  @Post('totp/confirm')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Confirms the enrolment with a code from the app: two-step sign-in is on; answers the ten recovery codes, this once' })
  @ApiBody({ schema: schemaOf(ConfirmTotpRequestSchema) })
  @ApiOkResponse({ description: '`{ recoveryCodes }`: each works once in place of a code; only their hashes are kept' })
  @ApiBadRequestResponse({ description: 'The code is missing, malformed or not the current one', schema: errorSchema })
  @ApiConflictResponse({ description: 'No enrolment was begun, or two-step sign-in is already on', schema: errorSchema })
  confirm(@Body() body: unknown, @Req() req: SignedIn): Promise<TotpEnabled> {
    const { code } = validate(ConfirmTotpRequestSchema, body);
    return this.secondFactor.confirm(req.user.id, code, { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: String(req.headers['user-agent'] ?? '') });
  }
}
