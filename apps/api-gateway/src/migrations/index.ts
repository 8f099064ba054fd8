import { CreateAdminUsers1763800000000 } from './1763800000000-create-admin-users';

/** Every migration of the gateway's identity schema, in order. */
export const IDENTITY_MIGRATIONS = [CreateAdminUsers1763800000000];
