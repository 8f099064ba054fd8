import { visitorOf } from './order-visitor';
import type { SandboxPayment } from './shop-client';
import type { TestStack } from './test-stack';

/**
 * The sandbox card flow of ShopClient.pay as the order's own shopper: the visitor id is read from the database
 * unless `visitorId` names it.
 */
export async function sandboxPay(stack: TestStack, orderId: string, form: Record<string, string> = { action: 'approve' }, visitorId?: string): Promise<SandboxPayment> {
  return stack.client.pay(orderId, visitorId ?? (await visitorOf(stack, orderId)), form);
}

/** Hands a redirect's parameters on as the shopper's browser does: with the order's visitor id unless `visitorId` names another (or `null`: none). */
export async function sendPaymentResult(stack: TestStack, orderId: string, params: Record<string, string>, visitorId?: string | null) {
  return stack.client.sendPaymentResult(orderId, params, visitorId === undefined ? await visitorOf(stack, orderId) : visitorId);
}

/** Logs in as the stack's first admin (ADMIN_USERNAME / ADMIN_PASSWORD of its environment, or the defaults); answers the token. */
export function adminToken(stack: TestStack): Promise<string> {
  return stack.client.adminLogin({ username: stack.env.ADMIN_USERNAME ?? 'admin', password: stack.env.ADMIN_PASSWORD ?? 'change-me-admin' });
}
