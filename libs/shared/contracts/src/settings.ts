import { SiteSettingsInputSchema, SiteSettingsPatchSchema } from '@shop/rules';
import { z } from 'zod';

/** Settings ids are UUIDs; anything else is a clean 404, never a database error. */
export const SiteSettingsIdSchema = z.uuid();

/** The site settings record as the API answers it (the spec's "controls"); `call` always equals `phone`. */
export const SiteSettingsSchema = z.object({
  _id: z.string(),
  homeSettings: z.object({
    bannerImage_a: z.string(),
    bannerHeading_a: z.string(),
    bannerSubHeading_a: z.string(),
    bannerButton_a: z.string(),
    bannerImage_b: z.string(),
    bannerHeading_b: z.string(),
    bannerSubHeading_b: z.string(),
    bannerButton_b: z.string(),
  }),
  ourProductSettings: z.object({ description_a: z.string(), description_b: z.string() }),
  mediaSettings: z.object({
    photos: z.array(z.string()),
    /** Always `https://www.youtube.com/watch?v=ID`. */
    videos: z.array(z.string()),
  }),
  contactSettings: z.object({
    phone: z.string(),
    call: z.string(),
    facebook: z.string(),
    whatsapp: z.string(),
    instagram: z.string(),
  }),
  /** Delivery cost in TTD, at most two decimals. */
  paymentSettings: z.object({ deliveryCost: z.number() }),
  /** Issue 17: '' when the shop is not VAT registered (receipts then say nothing about VAT). */
  receiptSettings: z.object({ vatRegistrationNumber: z.string() }),
  /** Issue 17: an order that takes a product's stock to this or below mails the owner once. */
  stockSettings: z.object({ lowStockThreshold: z.number() }),
  /** Issue 25: plain text (line breaks kept), shown in the storefront's footer and at checkout. */
  shopSettings: z.object({ openingHours: z.string(), pickupAddress: z.string() }),
  /** Issue 25: the pages /delivery, /returns and /privacy, plain text with blank lines between paragraphs. */
  pageSettings: z.object({ delivery: z.string(), returns: z.string(), privacy: z.string() }),
  /** Issue 28: how many days a shopper's "Notify me" sign-up waits before it is dropped untold. */
  backInStockSettings: z.object({ waitDays: z.number() }),
  /** Issue 29: bank transfer at checkout (off until the owner turns it on with at least one account). */
  bankTransferSettings: z.object({
    enabled: z.boolean(),
    holdHours: z.number().int(),
    accounts: z.array(
      z.object({ bank: z.string(), accountName: z.string(), accountNumber: z.string(), accountType: z.string(), instructions: z.string() }),
    ),
  }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** `GET /api/controls` answers a list holding the one record. */
export const SiteSettingsListSchema = z.array(SiteSettingsSchema);

/** `catalog.settings.update`: the settings are checked before the id (a bad form is a 400 even for a wrong id). */
export const UpdateSiteSettingsRequestSchema = z.object({ id: z.string(), settings: SiteSettingsInputSchema });
export type UpdateSiteSettingsRequest = z.input<typeof UpdateSiteSettingsRequestSchema>;

/** `catalog.settings.patch` (issue 26): only the sections sent are replaced, each whole. */
export const PatchSiteSettingsRequestSchema = z.object({ id: z.string(), sections: SiteSettingsPatchSchema });
export type PatchSiteSettingsRequest = z.input<typeof PatchSiteSettingsRequestSchema>;
