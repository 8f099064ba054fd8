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
  openingHours: 200,
  pickupAddress: 300,
  page: 10_000,
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

/** How long a back-in-stock sign-up waits until the owner sets it (issue 28), and the most it may be. */
export const DEFAULT_BACK_IN_STOCK_DAYS = 90;
export const BACK_IN_STOCK_DAYS_MAX = 365;

/** Back-in-stock (issue 28): a shopper's "Notify me" sign-up is kept this many days, then dropped untold. */
export const BackInStockSettingsSchema = z.object(
  {
    waitDays: z
      .number({ error: 'Days a sign-up waits must be a whole number' })
      .int('Days a sign-up waits must be a whole number')
      .min(1, 'Days a sign-up waits must be at least 1')
      .max(BACK_IN_STOCK_DAYS_MAX, `Days a sign-up waits must be at most ${BACK_IN_STOCK_DAYS_MAX}`),
  },
  { error: 'Back-in-stock settings must be an object' },
);

/** Line breaks and tabs are kept; every other control character is refused. */
const TEXT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Plain text of several lines (hours, an address, a page): trimmed, Windows line breaks made plain, no other
 * control characters. It is shown as text, never as HTML; blank lines separate paragraphs.
 */
export const multiLineText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`)
        .refine((v) => !TEXT_CONTROL_CHARACTERS.test(v), `${label} may contain only text and line breaks`),
    );

/** Issue 25: the shop's opening hours and pick-up address, shown in the storefront's footer and at checkout. */
export const ShopSettingsSchema = z.object(
  {
    openingHours: multiLineText('Opening hours', SETTINGS_LIMITS.openingHours),
    pickupAddress: multiLineText('Pick-up address', SETTINGS_LIMITS.pickupAddress),
  },
  { error: 'Shop settings must be an object' },
);

/** Issue 25: the owner's delivery, returns and privacy pages, plain text with blank lines between paragraphs. */
export const PageSettingsSchema = z.object(
  {
    delivery: multiLineText('Delivery page', SETTINGS_LIMITS.page),
    returns: multiLineText('Returns page', SETTINGS_LIMITS.page),
    privacy: multiLineText('Privacy page', SETTINGS_LIMITS.page),
  },
  { error: 'Page settings must be an object' },
);

/** Issue 29: the bank-transfer hold, in hours (72 by default: three days to make the transfer). */
export const BANK_TRANSFER_HOLD_HOURS = { min: 1, max: 336, default: 72 } as const;
export const BANK_ACCOUNTS_MAX = 4;
export const BANK_ACCOUNT_TYPES = ['Chequing', 'Savings'] as const;

const oneLineText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${label} must be one line of text`);

/** One local bank account the shopper may pay into. */
export const BankAccountSchema = z.object(
  {
    bank: oneLineText('Bank', 60),
    accountName: oneLineText('Account name', 100),
    accountNumber: z
      .string({ error: 'Account number is required' })
      .trim()
      .regex(/^[0-9][0-9 -]{2,28}[0-9]$/, 'Account number must be 4 to 30 digits (spaces and dashes allowed)'),
    accountType: z.enum(BANK_ACCOUNT_TYPES, { error: `Account type must be ${BANK_ACCOUNT_TYPES.join(' or ')}` }),
    instructions: z
      .string({ error: 'Instructions must be text' })
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().max(300, 'Instructions must be at most 300 characters').refine((v) => !TEXT_CONTROL_CHARACTERS.test(v), 'Instructions may contain only text and line breaks')),
  },
  { error: 'A bank account must be an object' },
);
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** Issue 29: bank transfer at checkout, on or off, the accounts shown, and how long an order holds its stock. */
export const BankTransferSettingsSchema = z
  .object(
    {
      enabled: z.boolean({ error: 'Bank transfer on or off must be true or false' }),
      holdHours: z
        .number({ error: 'Hold must be a whole number of hours' })
        .int('Hold must be a whole number of hours')
        .min(BANK_TRANSFER_HOLD_HOURS.min, `Hold must be at least ${BANK_TRANSFER_HOLD_HOURS.min} hour`)
        .max(BANK_TRANSFER_HOLD_HOURS.max, `Hold must be at most ${BANK_TRANSFER_HOLD_HOURS.max} hours`),
      accounts: z.array(BankAccountSchema, { error: 'Accounts must be a list' }).max(BANK_ACCOUNTS_MAX, `At most ${BANK_ACCOUNTS_MAX} bank accounts`),
    },
    { error: 'Bank transfer settings must be an object' },
  )
  .refine((v) => !v.enabled || v.accounts.length > 0, { message: 'Add at least one bank account to turn bank transfer on', path: ['accounts'] });

/** A page's text as paragraphs: blank lines separate them, single line breaks stay inside one. */
export function toParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** The sections added after the first release: optional in the whole record too, so an older client keeps what is stored. */
const LATER_SECTIONS = {
  receiptSettings: ReceiptSettingsSchema.optional(),
  stockSettings: StockSettingsSchema.optional(),
  shopSettings: ShopSettingsSchema.optional(),
  pageSettings: PageSettingsSchema.optional(),
  backInStockSettings: BackInStockSettingsSchema.optional(),
  bankTransferSettings: BankTransferSettingsSchema.optional(),
};

/**
 * The site settings form (spec section 5): the whole record, every field required. The receipt and stock
 * sections came later (issue 17), and the shop and page sections (issue 25): a client that does not send them
 * keeps what is stored.
 */
export const SiteSettingsInputSchema = z.object(
  {
    homeSettings: HomeSettingsSchema,
    ourProductSettings: OurProductSettingsSchema,
    mediaSettings: MediaSettingsSchema,
    contactSettings: ContactSettingsSchema,
    paymentSettings: PaymentSettingsSchema,
    ...LATER_SECTIONS,
  },
  { error: 'The request body must be the whole site settings record' },
);
export type SiteSettingsInput = z.infer<typeof SiteSettingsInputSchema>;

/**
 * Issue 26: some sections of the record, each whole (the admin saves each section on its own). A section left out
 * is not touched, so saving one never writes another with what a screen loaded earlier.
 */
export const SiteSettingsPatchSchema = z
  .object(
    {
      homeSettings: HomeSettingsSchema.optional(),
      ourProductSettings: OurProductSettingsSchema.optional(),
      mediaSettings: MediaSettingsSchema.optional(),
      contactSettings: ContactSettingsSchema.optional(),
      paymentSettings: PaymentSettingsSchema.optional(),
      ...LATER_SECTIONS,
    },
    { error: 'The request body must be an object of settings sections' },
  )
  .refine((sections) => Object.values(sections).some((section) => section !== undefined), 'Send at least one settings section');
export type SiteSettingsPatch = z.infer<typeof SiteSettingsPatchSchema>;
/** The names of the record's sections, as in the API. */
export type SiteSettingsSectionName = keyof SiteSettingsPatch;

/** Settings as stored and shown: `call` kept equal to `phone`, videos in their watch-link form. */
export type SiteSettingsValues = Omit<SiteSettingsInput, 'contactSettings'> & {
  contactSettings: SiteSettingsInput['contactSettings'] & { call: string };
};

function normaliseMedia(media: SiteSettingsInput['mediaSettings']): SiteSettingsValues['mediaSettings'] {
  return {
    photos: [...media.photos],
    videos: media.videos.map((url) => {
      const id = parseYouTubeId(url);
      if (id === null) throw new RangeError('normaliseSiteSettings needs validated input');
      return toWatchUrl(id);
    }),
  };
}

/** Valid input in the one form the shop keeps: `call` = `phone`, every video as a watch link. */
export function normaliseSiteSettings(input: SiteSettingsInput): SiteSettingsValues {
  return {
    homeSettings: { ...input.homeSettings },
    ourProductSettings: { ...input.ourProductSettings },
    mediaSettings: normaliseMedia(input.mediaSettings),
    contactSettings: { ...input.contactSettings, call: input.contactSettings.phone },
    paymentSettings: { ...input.paymentSettings },
    ...(input.receiptSettings ? { receiptSettings: { ...input.receiptSettings } } : {}),
    ...(input.stockSettings ? { stockSettings: { ...input.stockSettings } } : {}),
    ...(input.shopSettings ? { shopSettings: { ...input.shopSettings } } : {}),
    ...(input.pageSettings ? { pageSettings: { ...input.pageSettings } } : {}),
    ...(input.backInStockSettings ? { backInStockSettings: { ...input.backInStockSettings } } : {}),
    ...(input.bankTransferSettings ? { bankTransferSettings: copyBankTransfer(input.bankTransferSettings) } : {}),
  };
}

/** Valid sections in the form the shop keeps (as normaliseSiteSettings), only those sent. */
export function normaliseSettingsPatch(patch: SiteSettingsPatch): Partial<SiteSettingsValues> {
  const values: Partial<SiteSettingsValues> = {};
  if (patch.homeSettings) values.homeSettings = { ...patch.homeSettings };
  if (patch.ourProductSettings) values.ourProductSettings = { ...patch.ourProductSettings };
  if (patch.mediaSettings) values.mediaSettings = normaliseMedia(patch.mediaSettings);
  if (patch.contactSettings) values.contactSettings = { ...patch.contactSettings, call: patch.contactSettings.phone };
  if (patch.paymentSettings) values.paymentSettings = { ...patch.paymentSettings };
  if (patch.receiptSettings) values.receiptSettings = { ...patch.receiptSettings };
  if (patch.stockSettings) values.stockSettings = { ...patch.stockSettings };
  if (patch.shopSettings) values.shopSettings = { ...patch.shopSettings };
  if (patch.pageSettings) values.pageSettings = { ...patch.pageSettings };
  if (patch.backInStockSettings) values.backInStockSettings = { ...patch.backInStockSettings };
  if (patch.bankTransferSettings) values.bankTransferSettings = copyBankTransfer(patch.bankTransferSettings);
  return values;
}

function copyBankTransfer(section: z.infer<typeof BankTransferSettingsSchema>): z.infer<typeof BankTransferSettingsSchema> {
  return { enabled: section.enabled, holdHours: section.holdHours, accounts: section.accounts.map((a) => ({ ...a })) };
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
  bankTransferSettings: { enabled: false, holdHours: BANK_TRANSFER_HOLD_HOURS.default, accounts: [] },
  receiptSettings: { vatRegistrationNumber: '' },
  stockSettings: { lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD },
  backInStockSettings: { waitDays: DEFAULT_BACK_IN_STOCK_DAYS },
  shopSettings: {
    openingHours: 'Mon–Sat 9 am – 6 pm\nClosed Sundays and public holidays',
    pickupAddress: 'Island Glow Hair & Beauty\n12 Frederick Street\nPort of Spain, Trinidad',
  },
  pageSettings: {
    delivery: [
      'We deliver across Trinidad and Tobago. Choose your delivery area at checkout: the cost and the expected delivery days for your area are shown before you place your order.',
      'Orders placed before 2 pm on a working day are usually packed the same day. We call or message you on WhatsApp before we come, so please give a phone number you answer.',
      'You can also collect your order from our shop at no charge. Choose pick-up at checkout and we will tell you when it is ready.',
      'If you pay in person, please have the exact amount ready in cash or bring your card. If nobody is home, our driver will call you to arrange another day.',
    ].join('\n\n'),
    returns: [
      'We want you to love what you bought. If something is not right, message us within 7 days of delivery and we will sort it out.',
      'Unopened products in their original packaging can be returned for an exchange or a refund of the product price. For your safety and that of other shoppers, we cannot take back opened hair or skin care products unless they arrived damaged or faulty.',
      'If an item arrives damaged, leaking or wrong, send us a photo on WhatsApp or by e-mail with your order number, and we will replace it or refund you in full, delivery included.',
      'Refunds go back the way you paid: to your card for card payments, or in cash or by bank transfer for payments in person, within 10 working days of the return reaching us.',
    ].join('\n\n'),
    privacy: [
      'We collect only what we need to deliver your order and keep you informed: your name, phone number, e-mail address and delivery address.',
      'We use these details to process, deliver and support your order, to send your receipt and order updates, and to keep the records the law requires. We never sell or rent them to anyone.',
      'Card payments are handled by our payment provider: we never see or store your full card number.',
      'Our website keeps your cart in your own browser. We do not use advertising trackers.',
      'You may ask us at any time what we hold about you, to correct it, or to delete it where the law allows. Write to us or message us on WhatsApp.',
    ].join('\n\n'),
  },
};

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
