import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';

/** The admin making the request. */
export interface AdminPrincipal {
  id: string;
  username: string;
}

/**
 * The admin behind the request, or null: use after `AdminGuard` (never null there) or
 * `OptionalAdminGuard` (null for anyone who is not a signed-in admin).
 */
export const CurrentAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext): AdminPrincipal | null => {
  const user = ctx.switchToHttp().getRequest<{ user?: AuthenticatedUser | null }>().user;
  return user?.isAdmin ? { id: user.id, username: user.username } : null;
});
