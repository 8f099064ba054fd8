import { adminGetSecondFactor } from '@shop/api-client';
import { requireUserInfo } from '../../lib/auth';

/** Security: where the owner's two-step sign-in stands (the password form needs nothing loaded). */
export async function securityLoader() {
  const userInfo = requireUserInfo();
  return { userInfo, secondFactor: await adminGetSecondFactor() };
}
