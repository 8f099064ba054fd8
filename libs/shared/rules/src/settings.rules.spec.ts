import { firstIssueMessage } from './common.rules';
import {
  DEFAULT_SITE_SETTINGS,
  normaliseSiteSettings,
  SETTINGS_LIMITS,
  type SiteSettingsInput,
  SiteSettingsInputSchema,
} from './settings.rules';

type Patch = (s: Record<string, Record<string, unknown>>) => void;

/** A valid form, changed by `patch`; answers the one message the API would give, or null when valid. */
function problemWith(patch: Patch): string | null {
  const input = structuredClone(DEFAULT_SITE_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
  patch(input);
  const result = SiteSettingsInputSchema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('site settings rules', () => {
  it('accept the defaults, which carry the spec values', () => {
    expect(SiteSettingsInputSchema.safeParse(DEFAULT_SITE_SETTINGS).success).toBe(true);
    expect(DEFAULT_SITE_SETTINGS.homeSettings).toMatchObject({
      bannerHeading_a: 'Welcome To',
      bannerButton_a: 'Shop Now',
      bannerHeading_b: '10% OFF',
      bannerSubHeading_b: 'On All Items',
      bannerButton_b: 'Shop Now',
      bannerImage_a: '/images/Model1.png',
      bannerImage_b: '/images/Model2.png',
    });
    expect(DEFAULT_SITE_SETTINGS.paymentSettings.deliveryCost).toBe(35);
    expect(DEFAULT_SITE_SETTINGS.contactSettings.call).toBe(DEFAULT_SITE_SETTINGS.contactSettings.phone);
  });

  describe('require every field', () => {
    it.each([
      ['homeSettings', 'bannerImage_a', 'Banner 1 image is required'],
      ['homeSettings', 'bannerHeading_a', 'Banner 1 heading is required'],
      ['homeSettings', 'bannerSubHeading_a', 'Banner 1 sub heading is required'],
      ['homeSettings', 'bannerButton_a', 'Banner 1 button is required'],
      ['homeSettings', 'bannerImage_b', 'Banner 2 image is required'],
      ['homeSettings', 'bannerHeading_b', 'Banner 2 heading is required'],
      ['homeSettings', 'bannerSubHeading_b', 'Banner 2 sub heading is required'],
      ['homeSettings', 'bannerButton_b', 'Banner 2 button is required'],
      ['ourProductSettings', 'description_a', 'Product description 1 is required'],
      ['ourProductSettings', 'description_b', 'Product description 2 is required'],
      ['contactSettings', 'phone', 'Phone is required'],
      ['contactSettings', 'facebook', 'Facebook is required'],
      ['contactSettings', 'whatsapp', 'WhatsApp is required'],
      ['contactSettings', 'instagram', 'Instagram is required'],
    ])('%s.%s missing or blank', (section, field, message) => {
      expect(problemWith((s) => delete s[section][field])).toBe(message);
      expect(problemWith((s) => (s[section][field] = '   '))).toBe(message);
    });

    it('paymentSettings.deliveryCost missing', () => {
      expect(problemWith((s) => delete s.paymentSettings.deliveryCost)).toBe('Delivery cost must be a number');
    });

    it.each([
      ['homeSettings', 'Home settings are required'],
      ['ourProductSettings', 'Our product settings are required'],
      ['mediaSettings', 'Media settings are required'],
      ['contactSettings', 'Contact settings are required'],
      ['paymentSettings', 'Payment settings are required'],
    ])('the %s section', (section, message) => {
      expect(problemWith((s) => delete s[section])).toBe(message);
    });

    it('a body that is not an object', () => {
      const result = SiteSettingsInputSchema.safeParse('settings');
      expect(result.success || firstIssueMessage(result.error)).toBe('The request body must be the whole site settings record');
    });
  });

  it('bound the length of headings, sub headings, buttons and descriptions', () => {
    expect(problemWith((s) => (s.homeSettings.bannerHeading_a = 'x'.repeat(SETTINGS_LIMITS.heading)))).toBeNull();
    expect(problemWith((s) => (s.homeSettings.bannerHeading_a = 'x'.repeat(SETTINGS_LIMITS.heading + 1)))).toBe(
      `Banner 1 heading must be at most ${SETTINGS_LIMITS.heading} characters`,
    );
    expect(problemWith((s) => (s.homeSettings.bannerSubHeading_b = 'x'.repeat(SETTINGS_LIMITS.subHeading + 1)))).toMatch(/Banner 2 sub heading must be at most/);
    expect(problemWith((s) => (s.homeSettings.bannerButton_a = 'x'.repeat(SETTINGS_LIMITS.button + 1)))).toMatch(/Banner 1 button must be at most/);
    expect(problemWith((s) => (s.ourProductSettings.description_b = 'x'.repeat(SETTINGS_LIMITS.description + 1)))).toMatch(
      /Product description 2 must be at most/,
    );
  });

  it('keep headings on one line but allow line breaks in descriptions', () => {
    expect(problemWith((s) => (s.homeSettings.bannerHeading_b = 'Big\nSale'))).toBe('Banner 2 heading must be a single line of text');
    expect(problemWith((s) => (s.ourProductSettings.description_a = 'First paragraph.\n\nSecond paragraph.'))).toBeNull();
  });

  it('accept banner images that are site paths, uploads or https URLs, and nothing else', () => {
    for (const ok of ['/images/Model3.png', '/api/files/images/abc123.webp', 'https://cdn.example.com/banner.jpg']) {
      expect(problemWith((s) => (s.homeSettings.bannerImage_a = ok))).toBeNull();
    }
    for (const bad of ['http://cdn.example.com/banner.jpg', '/images/../secrets.png', 'javascript:alert(1)', '/etc/passwd', 'banner.png']) {
      expect(problemWith((s) => (s.homeSettings.bannerImage_b = bad))).toBe(
        'Banner 2 image must be an uploaded image, a site image (/images/...) or an https URL',
      );
    }
  });

  it('want https URLs for facebook and instagram', () => {
    expect(problemWith((s) => (s.contactSettings.facebook = 'http://facebook.com/shop'))).toBe('Facebook must be an https URL (https://...)');
    expect(problemWith((s) => (s.contactSettings.instagram = 'instagram.com/shop'))).toBe('Instagram must be an https URL (https://...)');
    expect(problemWith((s) => (s.contactSettings.facebook = `https://facebook.com/${'x'.repeat(SETTINGS_LIMITS.url)}`))).toMatch(/Facebook must be at most/);
  });

  it('want phone numbers of digits, spaces, +, - and parentheses with 7 to 15 digits', () => {
    for (const ok of ['(868)555-0123', '+1 868 555 0123', '868-5550', '1234567', '123456789012345']) {
      expect(problemWith((s) => (s.contactSettings.phone = ok))).toBeNull();
      expect(problemWith((s) => (s.contactSettings.whatsapp = ok))).toBeNull();
    }
    expect(problemWith((s) => (s.contactSettings.phone = '868 555 O123'))).toBe('Phone may contain only digits, spaces, +, - and parentheses');
    expect(problemWith((s) => (s.contactSettings.whatsapp = 'call me'))).toBe('WhatsApp may contain only digits, spaces, +, - and parentheses');
    expect(problemWith((s) => (s.contactSettings.phone = '555-012'))).toBe('Phone must have 7 to 15 digits');
    expect(problemWith((s) => (s.contactSettings.whatsapp = '+1 (868) 555-0123-45678'))).toBe('WhatsApp must have 7 to 15 digits');
  });

  it('want the delivery cost as money with at most two decimals', () => {
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = 45.5))).toBeNull();
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = 0))).toBeNull();
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = 35.123))).toBe('Delivery cost must be 0 or more with at most two decimals');
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = -1))).toBe('Delivery cost must be 0 or more with at most two decimals');
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = '35.00'))).toBe('Delivery cost must be a number');
    expect(problemWith((s) => (s.paymentSettings.deliveryCost = 10_000.01))).toBe('Delivery cost must be at most TT$10,000.00');
  });

  it('want every photo to be an image URL and name the one that is not', () => {
    expect(problemWith((s) => (s.mediaSettings.photos = ['/api/files/images/a.jpg', 'https://cdn.example.com/b.png']))).toBeNull();
    expect(problemWith((s) => (s.mediaSettings.photos = ['/api/files/images/a.jpg', 'ftp://x/b.png']))).toBe(
      'Photo 2 must be an uploaded image or an https URL',
    );
    expect(problemWith((s) => (s.mediaSettings.photos = 'a.jpg' as unknown as string[]))).toBe('Photos must be a list');
    expect(problemWith((s) => (s.mediaSettings.photos = [42] as unknown as string[]))).toBe('Each photo must be text');
    expect(problemWith((s) => (s.mediaSettings.photos = Array(SETTINGS_LIMITS.photos + 1).fill('/api/files/a.jpg')))).toBe(
      `At most ${SETTINGS_LIMITS.photos} photos`,
    );
  });

  it('want every video to be a YouTube link and name the one that is not', () => {
    expect(problemWith((s) => (s.mediaSettings.videos = [VIDEO, 'https://youtu.be/dQw4w9WgXcQ', 'https://youtube.com/shorts/dQw4w9WgXcQ']))).toBeNull();
    expect(problemWith((s) => (s.mediaSettings.videos = [VIDEO, 'https://vimeo.com/123']))).toBe('Video 2 must be a YouTube watch, shorts or youtu.be link');
    expect(problemWith((s) => (s.mediaSettings.videos = ['https://www.youtube.com/watch?v=short']))).toBe(
      'Video 1 must be a YouTube watch, shorts or youtu.be link',
    );
  });

  describe('normaliseSiteSettings', () => {
    const valid = (): SiteSettingsInput => SiteSettingsInputSchema.parse(structuredClone(DEFAULT_SITE_SETTINGS));

    it('sets call to phone whatever was sent', () => {
      const input = valid();
      input.contactSettings.phone = '+1 868 555 9876';
      const parsed = SiteSettingsInputSchema.parse({ ...input, contactSettings: { ...input.contactSettings, call: '000' } });
      expect(normaliseSiteSettings(parsed).contactSettings.call).toBe('+1 868 555 9876');
    });

    it('stores every video as a watch link', () => {
      const input = valid();
      input.mediaSettings.videos = ['youtu.be/dQw4w9WgXcQ?t=5', 'https://youtube.com/shorts/abcdefghijk?si=1'];
      expect(normaliseSiteSettings(input).mediaSettings.videos).toEqual([VIDEO, 'https://www.youtube.com/watch?v=abcdefghijk']);
    });

    it('trims text and drops fields that are not settings', () => {
      const parsed = SiteSettingsInputSchema.parse({
        ...structuredClone(DEFAULT_SITE_SETTINGS),
        _id: 'ignored',
        homeSettings: { ...DEFAULT_SITE_SETTINGS.homeSettings, bannerHeading_a: '  Hello  ', extra: 'x' },
      });
      expect(parsed).not.toHaveProperty('_id');
      expect(parsed.homeSettings).not.toHaveProperty('extra');
      expect(parsed.homeSettings.bannerHeading_a).toBe('Hello');
    });
  });
});
