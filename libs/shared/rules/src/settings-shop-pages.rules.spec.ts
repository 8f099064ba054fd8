import { firstIssueMessage } from './common.rules';
import { DEFAULT_SITE_SETTINGS, normaliseSiteSettings, SiteSettingsInputSchema, toParagraphs } from './settings.rules';

/** Issue 25's settings: opening hours, pick-up address, and the delivery, returns and privacy pages. */
function problemWith(extra: Record<string, unknown>): string | null {
  const result = SiteSettingsInputSchema.safeParse({ ...structuredClone(DEFAULT_SITE_SETTINGS), ...extra });
  return result.success ? null : firstIssueMessage(result.error);
}

const pages = DEFAULT_SITE_SETTINGS.pageSettings!;
const shop = DEFAULT_SITE_SETTINGS.shopSettings!;

describe('shop and page settings', () => {
  it('default to Trinidad opening hours, a Port of Spain pick-up address and three pages of several paragraphs', () => {
    expect(shop.openingHours).toMatch(/^Mon–Sat 9 am – 6 pm/);
    expect(shop.pickupAddress).toContain('Port of Spain');
    for (const text of [pages.delivery, pages.returns, pages.privacy]) expect(toParagraphs(text).length).toBeGreaterThanOrEqual(3);
    expect(problemWith({})).toBeNull();
  });

  it('keep line breaks, make Windows line breaks plain and trim', () => {
    const parsed = SiteSettingsInputSchema.parse({
      ...structuredClone(DEFAULT_SITE_SETTINGS),
      shopSettings: { openingHours: '  Mon–Fri 9–6\r\nSat 9–2  ', pickupAddress: '1 Queen St\rArima' },
    });
    expect(parsed.shopSettings).toEqual({ openingHours: 'Mon–Fri 9–6\nSat 9–2', pickupAddress: '1 Queen St\nArima' });
  });

  it('refuse an empty, too long or non-text field, or control characters, naming the field', () => {
    expect(problemWith({ shopSettings: { ...shop, openingHours: '   ' } })).toBe('Opening hours is required');
    expect(problemWith({ shopSettings: { ...shop, pickupAddress: 'x'.repeat(301) } })).toBe('Pick-up address must be at most 300 characters');
    expect(problemWith({ shopSettings: { ...shop, pickupAddress: 12 } })).toBe('Pick-up address is required');
    expect(problemWith({ shopSettings: { ...shop, openingHours: 'Mon\u0007' } })).toBe('Opening hours may contain only text and line breaks');
    expect(problemWith({ pageSettings: { ...pages, returns: 'x'.repeat(10_001) } })).toBe('Returns page must be at most 10000 characters');
    expect(problemWith({ pageSettings: { ...pages, privacy: '' } })).toBe('Privacy page is required');
    expect(problemWith({ pageSettings: { delivery: pages.delivery } })).toBe('Returns page is required');
    expect(problemWith({ shopSettings: 'open' })).toBe('Shop settings must be an object');
    expect(problemWith({ pageSettings: [] })).toBe('Page settings must be an object');
  });

  it('keep HTML as the text it is (the storefront escapes it)', () => {
    const parsed = SiteSettingsInputSchema.parse({ ...structuredClone(DEFAULT_SITE_SETTINGS), pageSettings: { ...pages, delivery: '<script>alert(1)</script>' } });
    expect(parsed.pageSettings?.delivery).toBe('<script>alert(1)</script>');
  });

  it('leave both sections out of a write that does not send them (the stored ones are kept)', () => {
    const { shopSettings: _s, pageSettings: _p, ...older } = structuredClone(DEFAULT_SITE_SETTINGS);
    const values = normaliseSiteSettings(SiteSettingsInputSchema.parse(older));
    expect(values).not.toHaveProperty('shopSettings');
    expect(values).not.toHaveProperty('pageSettings');
  });

  it('split a page into paragraphs at blank lines, keeping single line breaks inside one', () => {
    expect(toParagraphs('One\nstill one\n\n  \n\nTwo\r\n\r\nThree  ')).toEqual(['One\nstill one', 'Two', 'Three']);
    expect(toParagraphs('\n\n')).toEqual([]);
  });
});
