import { formatTTD } from '@shop/money';
import { z } from 'zod';
import { imageUrlSchema, moneySchema } from './common.rules';
import { parseYouTubeId, toWatchUrl } from './youtube.rules';

/** Length limits of the site settings form (characters), shared by the admin form and the API. */
export const SETTINGS_LIMITS = {
  heading: 80,
  subHeading: 120,
  button: 30,
  description: 2000,
  url: 500,
  phone: 30,
  photos: 100,
  videos: 100,
} as const;

/** The largest delivery cost the owner may set (TTD); anything above is a typo. */
export const DELIVERY_COST_MAX = 10_000;

const PHONE_DIGITS = { min: 7, max: 15 } as const;
const SITE_IMAGE_PATH = /^\/images\/[A-Za-z0-9._\-/]+$/;
const PHONE_CHARACTERS = /^[0-9 +()-]+$/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** One line of text (headings, buttons): no line breaks or other control characters. */
const lineText = (label: string, max: number) =>
  requiredText(label, max).refine((v) => !CONTROL_CHARACTERS.test(v), `${label} must be a single line of text`);

/** A banner image: an uploaded image, an https URL, or one of the site's own images under /images/. */
export const bannerImageSchema = (label: string) =>
  requiredText(label, 2000).refine(
    (v) => (SITE_IMAGE_PATH.test(v) && !v.includes('..')) || imageUrlSchema(label).safeParse(v).success,
    `${label} must be an uploaded image, a site image (/images/...) or an https URL`,
  );

/** An https address (social links). */
export const httpsUrlSchema = (label: string) =>
  requiredText(label, SETTINGS_LIMITS.url).refine(isHttpsUrl, `${label} must be an https URL (https://...)`);

/** A phone number as people write it: digits, spaces, +, - and parentheses, with 7 to 15 digits. */
export const phoneSchema = (label: string) =>
  requiredText(label, SETTINGS_LIMITS.phone)
    .refine((v) => PHONE_CHARACTERS.test(v), `${label} may contain only digits, spaces, +, - and parentheses`)
    .refine((v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
    }, `${label} must have ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits`);

/** A list whose items are checked one by one, so that the message says which item is wrong. */
const checkedList = (plural: string, singular: string, max: number, check: (value: string, label: string) => string | null) =>
  z
    .array(z.string({ error: `Each ${singular.toLowerCase()} must be text` }).trim(), { error: `${plural} must be a list` })
    .max(max, `At most ${max} ${plural.toLowerCase()}`)
    .superRefine((items, ctx) => {
      items.forEach((value, i) => {
        const message = check(value, `${singular} ${i + 1}`);
        if (message) ctx.addIssue({ code: 'custom', path: [i], message });
      });
    });

const photoProblem = (value: string, label: string): string | null => {
  const result = imageUrlSchema(label).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? `${label} is not valid`);
};

const videoProblem = (value: string, label: string): string | null =>
  parseYouTubeId(value) === null ? `${label} must be a YouTube watch, shorts or youtu.be link` : null;

export const HomeSettingsSchema = z.object(
  {
    bannerImage_a: bannerImageSchema('Banner 1 image'),
    bannerHeading_a: lineText('Banner 1 heading', SETTINGS_LIMITS.heading),
    bannerSubHeading_a: lineText('Banner 1 sub heading', SETTINGS_LIMITS.subHeading),
    bannerButton_a: lineText('Banner 1 button', SETTINGS_LIMITS.button),
    bannerImage_b: bannerImageSchema('Banner 2 image'),
    bannerHeading_b: lineText('Banner 2 heading', SETTINGS_LIMITS.heading),
    bannerSubHeading_b: lineText('Banner 2 sub heading', SETTINGS_LIMITS.subHeading),
    bannerButton_b: lineText('Banner 2 button', SETTINGS_LIMITS.button),
  },
  { error: 'Home settings are required' },
);

export const OurProductSettingsSchema = z.object(
  {
    description_a: requiredText('Product description 1', SETTINGS_LIMITS.description),
    description_b: requiredText('Product description 2', SETTINGS_LIMITS.description),
  },
  { error: 'Our product settings are required' },
);

export const MediaSettingsSchema = z.object(
  {
    photos: checkedList('Photos', 'Photo', SETTINGS_LIMITS.photos, photoProblem),
    videos: checkedList('Videos', 'Video', SETTINGS_LIMITS.videos, videoProblem),
  },
  { error: 'Media settings are required' },
);

/** `call` may be sent but is ignored: it always equals `phone`. */
export const ContactSettingsSchema = z.object(
  {
    phone: phoneSchema('Phone'),
    facebook: httpsUrlSchema('Facebook'),
    whatsapp: phoneSchema('WhatsApp'),
    instagram: httpsUrlSchema('Instagram'),
  },
  { error: 'Contact settings are required' },
);

export const PaymentSettingsSchema = z.object(
  {
    deliveryCost: moneySchema('Delivery cost').max(DELIVERY_COST_MAX, `Delivery cost must be at most ${formatTTD(DELIVERY_COST_MAX)}`),
  },
  { error: 'Payment settings are required' },
);

/** The largest low-stock threshold the owner may set; anything above is a typo. */
export const LOW_STOCK_THRESHOLD_MAX = 1000;
/** The low-stock threshold until the owner sets one (issue 17). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
const VAT_NUMBER_CHARACTERS = /^[A-Za-z0-9 ./-]*$/;

/**
 * Receipts (issue 17): the shop's VAT registration number. Empty means the shop is not VAT registered and
 * receipts say nothing about VAT.
 */
export const ReceiptSettingsSchema = z.object(
  {
    vatRegistrationNumber: z
      .string({ error: 'VAT registration number must be text' })
      .trim()
      .max(30, 'VAT registration number must be at most 30 characters')
      .refine((v) => VAT_NUMBER_CHARACTERS.test(v), 'VAT registration number may contain only letters, digits, spaces, -, / and .'),
  },
  { error: 'Receipt settings must be an object' },
);

/** Low-stock alerts (issue 17): the owner is mailed when an order takes a product's stock to this or below. */
export const StockSettingsSchema = z.object(
  {
    lowStockThreshold: z
      .number({ error: 'Low-stock threshold must be a whole number' })
      .int('Low-stock threshold must be a whole number')
      .min(0, 'Low-stock threshold must be 0 or more')
      .max(LOW_STOCK_THRESHOLD_MAX, `Low-stock threshold must be at most ${LOW_STOCK_THRESHOLD_MAX}`),
  },
  { error: 'Stock settings must be an object' },
);

/**
 * The site settings form (spec section 5): the whole record, every field required. The receipt and stock
 * sections came later (issue 17): a client that does not send them keeps what is stored.
 */
export const SiteSettingsInputSchema = z.object(
  {
    homeSettings: HomeSettingsSchema,
    ourProductSettings: OurProductSettingsSchema,
    mediaSettings: MediaSettingsSchema,
    contactSettings: ContactSettingsSchema,
    paymentSettings: PaymentSettingsSchema,
    receiptSettings: ReceiptSettingsSchema.optional(),
    stockSettings: StockSettingsSchema.optional(),
  },
  { error: 'The request body must be the whole site settings record' },
);
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/** Settings as stored and shown: `call` kept equal to `phone`, videos in their watch-link form. */
export type SiteSettingsValues = Omit<SiteSettingsInput, 'contactSettings'> & {
  contactSettings: SiteSettingsInput['contactSettings'] & { call: string };
};

/** Valid input in the one form the shop keeps: `call` = `phone`, every video as a watch link. */
export function normaliseSiteSettings(input: SiteSettingsInput): SiteSettingsValues {
  return {
    homeSettings: { ...input.homeSettings },
    ourProductSettings: { ...input.ourProductSettings },
    mediaSettings: {
      photos: [...input.mediaSettings.photos],
      videos: input.mediaSettings.videos.map((url) => {
        const id = parseYouTubeId(url);
        if (id === null) throw new RangeError('normaliseSiteSettings needs validated input');
        return toWatchUrl(id);
      }),
    },
    contactSettings: { ...input.contactSettings, call: input.contactSettings.phone },
    paymentSettings: { ...input.paymentSettings },
    ...(input.receiptSettings ? { receiptSettings: { ...input.receiptSettings } } : {}),
    ...(input.stockSettings ? { stockSettings: { ...input.stockSettings } } : {}),
  };
}

const DEFAULT_PHONE = '(868)555-0123';

/** What the shop shows until the owner saves settings (spec sections 2 and 3; delivery from product rules). */
export const DEFAULT_SITE_SETTINGS: SiteSettingsValues = {
  homeSettings: {
    bannerImage_a: '/images/Model1.png',
    bannerHeading_a: 'Welcome To',
    bannerSubHeading_a: 'Island Glow Hair & Beauty',
    bannerButton_a: 'Shop Now',
    bannerImage_b: '/images/Model2.png',
    bannerHeading_b: '10% OFF',
    bannerSubHeading_b: 'On All Items',
    bannerButton_b: 'Shop Now',
  },
  ourProductSettings: {
    description_a:
      'Island Glow makes hair and skin care for Caribbean women: moisturisers, scrubs and balms made for sun, salt and humidity, with coconut, shea, cocoa and aloe grown close to home.',
    description_b:
      'Every product is mixed in small batches in Trinidad and Tobago and tested on real curls, coils and skin. Order online and we deliver to your door, or pay in person when it arrives.',
  },
  mediaSettings: { photos: [], videos: [] },
  contactSettings: {
    phone: DEFAULT_PHONE,
    call: DEFAULT_PHONE,
    facebook: 'https://www.facebook.com/islandglowtt',
    whatsapp: DEFAULT_PHONE,
    instagram: 'https://www.instagram.com/islandglowtt',
  },
  paymentSettings: { deliveryCost: 35 },
  receiptSettings: { vatRegistrationNumber: '' },
  stockSettings: { lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD },
};

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
