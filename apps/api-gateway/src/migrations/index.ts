import { CreateAdminUsers1763800000000 } from './1763800000000-create-admin-users';
import { AdminSessions1765000000000 } from './1765000000000-admin-sessions';
import { OwnerSignIn1795700000000 } from './1795700000000-owner-sign-in';
import { OwnerPasskeys1795800000000 } from './1795800000000-owner-passkeys';
import { PasswordResets1795900000000 } from './1795900000000-password-resets';

/** Every migration of the gateway's identity schema, in order. */
export const IDENTITY_MIGRATIONS = [CreateAdminUsers1763800000000, AdminSessions1765000000000, OwnerSignIn1795700000000, OwnerPasskeys1795800000000, PasswordResets1795900000000];
