import { orderAccessEmail, orderLinkValid, signOrderAccess, signOrderLink } from './order-links';

const SECRET = 'a-secret-of-the-order-links-spec-0123456789';
const DAY = 86_400_000;

describe("ORDER_LINK_SECRET's signatures (issue 29)", () => {
  it("a mail's link works for its order until its end, and for nothing else", () => {
    const written = new Date('2026-11-01T12:00:00Z');
    const key = signOrderLink(SECRET, 'order-1', written, 30);
    expect(orderLinkValid(SECRET, 'order-1', key, new Date(written.getTime() + 29 * DAY))).toBe(true);
    expect(orderLinkValid(SECRET, 'order-1', key, new Date(written.getTime() + 30 * DAY))).toBe(false);
    expect(orderLinkValid(SECRET, 'order-2', key, written)).toBe(false);
    expect(orderLinkValid('another-secret-of-the-order-links-spec-0123', 'order-1', key, written)).toBe(false);
    const [ends, sig] = key.split('.');
    expect(orderLinkValid(SECRET, 'order-1', `${(parseInt(ends ?? '', 36) + 3600).toString(36)}.${sig}`, written)).toBe(false);
    expect(orderLinkValid(SECRET, 'order-1', `${key}.x`, written)).toBe(false);
  });

  it('a grant names its mailbox until its end; an edited one names nobody, and a link is no grant', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const grant = signOrderAccess(SECRET, 'asha@example.com', new Date(now.getTime() + 3_600_000));
    expect(orderAccessEmail(SECRET, grant, now)).toBe('asha@example.com');
    expect(orderAccessEmail(SECRET, grant, new Date(now.getTime() + 3_600_000))).toBeNull();
    const other = Buffer.from('someone@example.com').toString('base64url');
    expect(orderAccessEmail(SECRET, [other, ...grant.split('.').slice(1)].join('.'), now)).toBeNull();
    expect(orderAccessEmail(SECRET, signOrderLink(SECRET, 'order-1', now, 30), now)).toBeNull();
  });
});
