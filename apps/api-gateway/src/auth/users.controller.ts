import { Body, Controller, Get, Header, HttpCode, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type CurrentUser, CurrentUserSchema, LoginRequestSchema, type LoginResponse, LoginResponseSchema, validate } from '@shop/contracts';
import type { Request } from 'express';
import { errorSchema, schemaOf } from '../app/openapi';
import { AdminGuard } from './admin.guard';
import { AuthService } from './auth.service';
import { type AdminPrincipal, CurrentAdmin } from './current-admin.decorator';
import { RetryAfterInterceptor } from './rate-limiter';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({
    summary: 'Admin login: a bearer token for `Authorization: Bearer <token>`',
    description: 'After 5 failed logins within a minute the client (by IP) is refused with 429 until the minute has passed.',
  })
  @ApiBody({ schema: schemaOf(LoginRequestSchema) })
  @ApiOkResponse({ description: 'The stored login info of the admin app (`userInfo`)', schema: schemaOf(LoginResponseSchema) })
  @ApiBadRequestResponse({ description: 'A field is missing or not valid; the message names it', schema: errorSchema })
  @ApiUnauthorizedResponse({ description: 'Wrong username or password (one message for both)', schema: errorSchema })
  @ApiTooManyRequestsResponse({
    description: 'Too many failed logins from this client',
    schema: errorSchema,
    headers: { 'Retry-After': { description: 'Seconds until the client may try again', schema: { type: 'integer' } } },
  })
  @ApiServiceUnavailableResponse({ description: 'Redis, which counts the attempts, is not answering', schema: errorSchema })
  login(@Body() body: unknown, @Req() req: Request): Promise<LoginResponse> {
    // req.ip is the client's address: the app trusts X-Forwarded-For only from loopback and private proxies.
    return this.auth.login(validate(LoginRequestSchema, body), req.ip ?? req.socket.remoteAddress ?? 'unknown');
  }

  @Get('me')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The admin the bearer token belongs to' })
  @ApiOkResponse({ schema: schemaOf(CurrentUserSchema) })
  @ApiUnauthorizedResponse({ description: "'Not authorized, no token' or 'Not authorized, token failed'", schema: errorSchema })
  @ApiForbiddenResponse({ description: "A valid token, but not an admin's", schema: errorSchema })
  me(@CurrentAdmin() admin: AdminPrincipal): CurrentUser {
    return { _id: admin.id, username: admin.username, isAdmin: true };
  }
}
