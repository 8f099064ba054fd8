import { formatTTD, fromCents, isMoneyAmount, toCents } from './money';

describe('money', () => {
  it('converts amounts to cents without float drift', () => {
    expect(toCents(1.15)).toBe(115);
    expect(toCents(1250.5)).toBe(125050);
    expect(toCents(0)).toBe(0);
    expect(toCents(19.99)).toBe(1999);
  });

  it('refuses more than two decimals and negative amounts', () => {
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(() => toCents(-1)).toThrow(RangeError);
    expect(isMoneyAmount(Number.NaN)).toBe(false);
    expect(isMoneyAmount('1.00')).toBe(false);
  });

  it('converts cents back to amounts', () => {
    expect(fromCents(125050)).toBe(1250.5);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('formats TTD with separators and two decimals', () => {
    expect(formatTTD(1250)).toBe('TT$1,250.00');
    expect(formatTTD(35)).toBe('TT$35.00');
    expect(formatTTD(0.5)).toBe('TT$0.50');
    expect(formatTTD(0)).toBe('TT$0.00');
    expect(formatTTD(999.99)).toBe('TT$999.99');
    expect(formatTTD(1000)).toBe('TT$1,000.00');
    expect(formatTTD(1234567.8)).toBe('TT$1,234,567.80');
    expect(formatTTD(0.07)).toBe('TT$0.07');
    expect(formatTTD(19.99)).toBe('TT$19.99');
    expect(formatTTD(-1250.5)).toBe('-TT$1,250.50');
  });
});
