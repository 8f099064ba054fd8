import { verifyWipayHash } from '../payments/payment-hash';
import { redirectUrl, renderSandboxPage, type SandboxSession } from './sandbox-page';

const session = (over: Partial<SandboxSession> = {}): SandboxSession => ({
  transaction_id: 'SB-abc123-1-oid-Abc123def456-20261122010000',
  reference: 'oid-Abc123def456',
  total: '1250.50',
  currency: 'TTD',
  response_url: 'https://shop.example.tt/checkout/6f1c3a52-0f7e-4c53-9a57-1d2b3c4d5e6f',
  customer_name: 'Asha <b>O\'Brien</b>',
  customer_email: 'asha@example.com',
  customer_address: '12 Frederick St., Port of Spain',
  status: 'open',
  card: null,
  decided_at: null,
  ...over,
});

describe('sandbox hosted page', () => {
  it("shows the shop's name, the reference and the amount in TT$, with Approve and Decline, escaping what it prints", () => {
    const html = renderSandboxPage('Island Glow', session());
    expect(html).toContain('<h1>Island Glow</h1>');
    expect(html).toContain('oid-Abc123def456');
    expect(html).toContain('TT$1,250.50');
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="decline"');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;b&#62;');
  });

  it("redirects an approval with WiPay's parameters and a hash over the sent total and the key", () => {
    const url = new URL(redirectUrl(session({ status: 'approved', card: '4111111111111111', decided_at: new Date('2026-11-22T01:02:03Z') }), '123'));
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example.tt/checkout/6f1c3a52-0f7e-4c53-9a57-1d2b3c4d5e6f');
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      status: 'success',
      order_id: 'oid-Abc123def456',
      transaction_id: 'SB-abc123-1-oid-Abc123def456-20261122010000',
      total: '1250.50',
      currency: 'TTD',
      card: 'XXXXXXXXXXXX1111',
      date: '2026-11-22 01:02:03',
    });
    expect(verifyWipayHash(p.hash, p.transaction_id, '1250.50', '123')).toBe(true);
  });

  it('redirects a decline without a hash', () => {
    const p = Object.fromEntries(new URL(redirectUrl(session({ status: 'declined', card: '4111111111113333', decided_at: new Date() }), '123')).searchParams);
    expect(p.status).toBe('failed');
    expect(p.hash).toBeUndefined();
    expect(p.card).toBe('XXXXXXXXXXXX3333');
  });
});
