import { formatTTD } from '@shop/money';
import { wipayHash } from '../payments/payment-hash';

/** A sandbox session as stored. */
export interface SandboxSession {
  transaction_id: string;
  reference: string;
  total: string;
  currency: string;
  response_url: string;
  customer_name: string;
  customer_email: string;
  customer_address: string;
  status: 'open' | 'approved' | 'declined';
  card: string | null;
  decided_at: Date | null;
}

/** WiPay's published sandbox cards. */
export const APPROVE_CARD = '4111111111111111';
export const DECLINE_CARD = '4111111111113333';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function amount(session: SandboxSession): string {
  const value = Number(session.total);
  return session.currency === 'TTD' ? formatTTD(value) : `${session.currency} ${value.toFixed(2)}`;
}

/** The hosted page: the shop's name, the order reference and the amount, Approve / Decline, or a test card. */
export function renderSandboxPage(shopName: string, session: SandboxSession, error?: string): string {
  const open = session.status === 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(shopName)} - sandbox payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem 1.25rem}.note{background:#fff6d6;padding:.5rem .75rem;border-radius:6px}
dt{font-weight:600}dd{margin:0 0 .75rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;cursor:pointer}
.approve{background:#1b7f3b;color:#fff;border:0;border-radius:6px}.decline{background:#b3261e;color:#fff;border:0;border-radius:6px}
input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}.error{color:#b3261e}</style></head>
<body><div class="box">
<h1>${escapeHtml(shopName)}</h1>
<p class="note">Sandbox payment page: no card is charged.</p>
<dl><dt>Order reference</dt><dd id="reference">${escapeHtml(session.reference)}</dd>
<dt>Amount</dt><dd id="amount">${escapeHtml(amount(session))}</dd>
<dt>Customer</dt><dd>${escapeHtml(session.customer_name)}</dd></dl>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  open
    ? `<form method="post">
<button class="approve" type="submit" name="action" value="approve">Approve</button>
<button class="decline" type="submit" name="action" value="decline">Decline</button>
</form>
<form method="post"><p><label for="card">Or a test card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4111 1111 1111 1111"></p>
<button type="submit" name="action" value="card">Pay</button>
<p><small>${APPROVE_CARD} approves, ${DECLINE_CARD} declines.</small></p></form>`
    : `<form method="post"><p>This payment was ${session.status}.</p><button type="submit" name="action" value="return">Return to the shop</button></form>`
}
</div></body></html>`;
}

/** WiPay's date format, `YYYY-MM-DD hh:mm:ss`. */
function wipayDate(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/** A decided session's result in exactly WiPay's parameters; a success carries a real hash. */
export function resultParams(session: SandboxSession, apiKey: string): URLSearchParams {
  const approved = session.status === 'approved';
  const card = session.card ?? APPROVE_CARD;
  const params = new URLSearchParams({
    card: `XXXXXXXXXXXX${card.slice(-4)}`,
    currency: session.currency,
    customer_address: session.customer_address,
    customer_email: session.customer_email,
    customer_name: session.customer_name,
    data: JSON.stringify({ reference: session.reference }),
    date: wipayDate(session.decided_at ?? new Date()),
    message: approved ? 'Transaction approved' : 'Transaction declined',
    order_id: session.reference,
    status: approved ? 'success' : 'failed',
    total: session.total,
    transaction_id: session.transaction_id,
  });
  if (approved) params.set('hash', wipayHash(session.transaction_id, session.total, apiKey));
  return params;
}

/** The redirect back to the shop with the result's parameters. */
export function redirectUrl(session: SandboxSession, apiKey: string): string {
  const params = resultParams(session, apiKey);
  const sep = session.response_url.includes('?') ? '&' : '?';
  return `${session.response_url}${sep}${params.toString()}`;
}
