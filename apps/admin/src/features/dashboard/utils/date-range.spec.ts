import { formatLongDay, rangeDays, readRange } from './date-range';

describe('dashboard date range', () => {
  it('accepts only the offered ranges from the URL', () => {
    expect(readRange('7')).toBe(7);
    expect(readRange('90')).toBe(90);
    expect(readRange('14')).toBeNull();
    expect(readRange(null)).toBeNull();
    expect(readRange('30abc')).toBeNull();
  });

  it('counts days in Trinidad time, both ends included', () => {
    // 02:30 UTC on 1 March is still 28 February in Port of Spain (UTC-4).
    const now = new Date('2026-03-01T02:30:00Z');
    expect(rangeDays(7, now)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(rangeDays(30, new Date('2026-03-01T12:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('writes a day the same wherever the browser is', () => {
    expect(formatLongDay('2026-11-22')).toBe('Sun, 22 Nov 2026');
  });
});
