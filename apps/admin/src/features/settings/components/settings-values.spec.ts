import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { toInput, toValues } from './settings-values';

const settings = { _id: 'id-1', ...DEFAULT_SITE_SETTINGS, paymentSettings: { deliveryCost: 1250.5 } };

describe('site settings form values', () => {
  it('shows the delivery cost with separators and two decimals', () => {
    expect(toValues(settings).deliveryCost).toBe('1,250.50');
  });

  it('turns the typed values back into the record, media passed through', () => {
    const result = toInput(toValues(settings), { photos: [], videos: ['https://youtu.be/dQw4w9WgXcQ'] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.paymentSettings.deliveryCost).toBe(1250.5);
    expect(result.input.contactSettings.phone).toBe(DEFAULT_SITE_SETTINGS.contactSettings.phone);
    expect(result.input.mediaSettings.videos).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
  });

  it('names every empty field, and says an empty delivery cost is missing rather than not a number', () => {
    const values = { ...toValues(settings), bannerHeading_a: ' ', instagram: '', deliveryCost: '' };
    const result = toInput(values, settings.mediaSettings);
    expect(result).toEqual({
      ok: false,
      other: null,
      errors: { bannerHeading_a: 'Banner 1 heading is required', instagram: 'Instagram is required', deliveryCost: 'Delivery cost is required' },
    });
  });

  it('refuses an amount that is not one', () => {
    const result = toInput({ ...toValues(settings), deliveryCost: '12,5x' }, settings.mediaSettings);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.deliveryCost).toBe('Delivery cost must be an amount such as 35.00');
  });
});
