import { firstIssueMessage } from './common.rules';
import { DEFAULT_SITE_SETTINGS, normaliseSiteSettings, SiteSettingsInputSchema } from './settings.rules';

/** Issue 17's settings: the VAT registration number (receipts) and the low-stock threshold. */
function problemWith(extra: Record<string, unknown>): string | null {
  const result = SiteSettingsInputSchema.safeParse({ ...structuredClone(DEFAULT_SITE_SETTINGS), ...extra });
  return result.success ? null : firstIssueMessage(result.error);
}

describe('receipt and stock settings', () => {
  it('default to no VAT number and a threshold of 3', () => {
    expect(DEFAULT_SITE_SETTINGS.receiptSettings).toEqual({ vatRegistrationNumber: '' });
    expect(DEFAULT_SITE_SETTINGS.stockSettings).toEqual({ lowStockThreshold: 3 });
  });

  it('accept an empty or well-formed VAT number (trimmed) and refuse symbols or a long one', () => {
    expect(problemWith({ receiptSettings: { vatRegistrationNumber: '' } })).toBeNull();
    const parsed = SiteSettingsInputSchema.parse({ ...structuredClone(DEFAULT_SITE_SETTINGS), receiptSettings: { vatRegistrationNumber: '  VAT 123-456/7. ' } });
    expect(parsed.receiptSettings).toEqual({ vatRegistrationNumber: 'VAT 123-456/7.' });
    expect(problemWith({ receiptSettings: { vatRegistrationNumber: '12<3' } })).toBe('VAT registration number may contain only letters, digits, spaces, -, / and .');
    expect(problemWith({ receiptSettings: { vatRegistrationNumber: '9'.repeat(31) } })).toBe('VAT registration number must be at most 30 characters');
    expect(problemWith({ receiptSettings: { vatRegistrationNumber: 5 } })).toBe('VAT registration number must be text');
  });

  it('accept a whole threshold from 0 to 1000', () => {
    for (const n of [0, 1, 3, 1000]) expect(problemWith({ stockSettings: { lowStockThreshold: n } })).toBeNull();
    expect(problemWith({ stockSettings: { lowStockThreshold: -1 } })).toBe('Low-stock threshold must be 0 or more');
    expect(problemWith({ stockSettings: { lowStockThreshold: 1001 } })).toBe('Low-stock threshold must be at most 1000');
    expect(problemWith({ stockSettings: { lowStockThreshold: 1.5 } })).toBe('Low-stock threshold must be a whole number');
    expect(problemWith({ stockSettings: { lowStockThreshold: '3' } })).toBe('Low-stock threshold must be a whole number');
    expect(problemWith({ stockSettings: {} })).toBe('Low-stock threshold must be a whole number');
  });

  it('leave both sections out of a write that does not send them (the stored ones are kept)', () => {
    const { receiptSettings: _r, stockSettings: _s, ...older } = structuredClone(DEFAULT_SITE_SETTINGS);
    const values = normaliseSiteSettings(SiteSettingsInputSchema.parse(older));
    expect(values).not.toHaveProperty('receiptSettings');
    expect(values).not.toHaveProperty('stockSettings');
  });
});
