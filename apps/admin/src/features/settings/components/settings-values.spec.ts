import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { SECTION_FIELDS, toPatch, toValues } from './settings-values';

const settings = { _id: 'id-1', ...structuredClone(DEFAULT_SITE_SETTINGS), paymentSettings: { deliveryCost: 1250.5 } } as Parameters<typeof toValues>[0];

describe('site settings form values', () => {
  it('shows the delivery cost with separators and two decimals', () => {
    expect(toValues(settings).deliveryCost).toBe('1,250.50');
  });

  it('turns the typed values of the chosen sections back into those sections only', () => {
    const result = toPatch({ ...toValues(settings), openingHours: 'Daily 8–8\r\nSundays too' }, ['paymentSettings', 'shopSettings']);
    expect(result).toEqual({
      ok: true,
      patch: { paymentSettings: { deliveryCost: 1250.5 }, shopSettings: { openingHours: 'Daily 8–8\nSundays too', pickupAddress: DEFAULT_SITE_SETTINGS.shopSettings?.pickupAddress } },
    });
  });

  it("names every wrong field of the sections sent, and ignores another section's", () => {
    const values = { ...toValues(settings), bannerHeading_a: ' ', instagram: '', deliveryCost: '', privacy: '' };
    expect(toPatch(values, ['homeSettings', 'contactSettings', 'paymentSettings'])).toEqual({
      ok: false,
      other: null,
      errors: { bannerHeading_a: 'Banner 1 heading is required', instagram: 'Instagram is required', deliveryCost: 'Delivery cost is required' },
    });
    expect(toPatch(values, ['pageSettings'])).toEqual({ ok: false, other: null, errors: { privacy: 'Privacy page is required' } });
    expect(toPatch(values, ['shopSettings']).ok).toBe(true);
  });

  it('refuses an amount that is not one', () => {
    const result = toPatch({ ...toValues(settings), deliveryCost: '12,5x' }, ['paymentSettings']);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.deliveryCost).toBe('Delivery cost must be an amount such as 35.00');
  });

  it('gives every field of the form to exactly one section', () => {
    const all = Object.values(SECTION_FIELDS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(Object.keys(toValues(settings)).sort());
  });
});
