import { formatTotal, parseTotal, verifyWipayHash, wipayHash } from './payment-hash';

describe('WiPay result hash', () => {
  it("matches WiPay's published example", () => {
    expect(wipayHash('SB-12-1-oid_123-aBc-20210616024001', '10.00', '123')).toBe('3d34d20260f7433ceee277e9ed9166a3');
    expect(verifyWipayHash('3d34d20260f7433ceee277e9ed9166a3', 'SB-12-1-oid_123-aBc-20210616024001', '10.00', '123')).toBe(true);
  });

  it('refuses another total, key, transaction or a malformed hash', () => {
    const tx = 'SB-12-1-oid_123-aBc-20210616024001';
    const hash = '3d34d20260f7433ceee277e9ed9166a3';
    expect(verifyWipayHash(hash, tx, '10.0', '123')).toBe(false);
    expect(verifyWipayHash(hash, tx, '10.00', '124')).toBe(false);
    expect(verifyWipayHash(hash, `${tx}x`, '10.00', '123')).toBe(false);
    expect(verifyWipayHash(hash.slice(1), tx, '10.00', '123')).toBe(false);
    expect(verifyWipayHash(undefined, tx, '10.00', '123')).toBe(false);
    expect(verifyWipayHash(hash.toUpperCase(), tx, '10.00', '123')).toBe(true);
  });

  it('formats and parses totals with two decimals', () => {
    expect(formatTotal(12000)).toBe('120.00');
    expect(formatTotal(5)).toBe('0.05');
    expect(formatTotal(123456789)).toBe('1234567.89');
    expect(parseTotal('120.00')).toBe(12000);
    expect(parseTotal('120.5')).toBe(12050);
    expect(parseTotal('1e3')).toBeNull();
    expect(parseTotal('-1.00')).toBeNull();
  });
});
