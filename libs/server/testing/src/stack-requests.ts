import { visitorOf } from './order-visitor';
import type { TestStack } from './test-stack';

/** A JSON request body with its content type, and any other headers. */
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * Asks for a payment page, follows the sandbox's hosted page, presses a button (or enters a test card),
 * and answers the redirect's location and its query parameters.
 */
export async function sandboxPay(
  stack: TestStack,
  orderId: string,
  form: Record<string, string> = { action: 'approve' },
  visitorId?: string,
): Promise<{ page: string; location: URL; params: Record<string, string> }> {
  const headers = { 'x-visitor-id': visitorId ?? (await visitorOf(stack, orderId)) };
  const pay = await stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId }, headers) });
  if (pay.status !== 200) throw new Error(`pay failed: ${pay.status} ${JSON.stringify(pay.body)}`);
  const page = await (await fetch(pay.body.url)).text();
  const res = await fetch(pay.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox answered ${res.status}: ${await res.text()}`);
  const location = new URL(res.headers.get('location') ?? '');
  return { page, location, params: Object.fromEntries(location.searchParams) };
}

/** Hands a redirect's parameters on as the shopper's browser does: with the order's visitor id unless `visitorId` names another (or `null`: none). */
export async function sendPaymentResult(stack: TestStack, orderId: string, params: Record<string, string>, visitorId?: string | null) {
  const id = visitorId === undefined ? await visitorOf(stack, orderId) : visitorId;
  return stack.request(`/api/orders/payment/${orderId}`, { method: 'PUT', ...json(params, id ? { 'x-visitor-id': id } : {}) });
}
