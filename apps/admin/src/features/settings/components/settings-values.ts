import type { SiteSettings } from '@shop/contracts';
import { type SiteSettingsPatch, SiteSettingsPatchSchema } from '@shop/rules';
import { formatMoneyInput, parseMoneyInput } from '../../../lib/money-input';

/** The form's fields as typed, one string each; `deliveryCost` keeps the owner's text until it is parsed. */
export interface SettingsValues {
  bannerImage_a: string;
  bannerHeading_a: string;
  bannerSubHeading_a: string;
  bannerButton_a: string;
  bannerImage_b: string;
  bannerHeading_b: string;
  bannerSubHeading_b: string;
  bannerButton_b: string;
  description_a: string;
  description_b: string;
  phone: string;
  whatsapp: string;
  facebook: string;
  instagram: string;
  deliveryCost: string;
  /** Issue 17: empty when the shop is not VAT registered. */
  vatRegistrationNumber: string;
  lowStockThreshold: string;
  /** Issue 28: days a "Notify me" sign-up waits. */
  backInStockDays: string;
  /** Issue 25: the storefront's footer and checkout. */
  openingHours: string;
  pickupAddress: string;
  /** Issue 25: the storefront's /delivery, /returns and /privacy pages. */
  delivery: string;
  returns: string;
  privacy: string;
}
export type SettingsField = keyof SettingsValues;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** The sections the Site Settings screen's fields edit (the media lists are the Media screen's; bank transfer has its own form). */
export type EditableSection = Exclude<keyof SiteSettingsPatch, 'mediaSettings' | 'bankTransferSettings'>;

/** Which fields of the form belong to which section of the record. */
export const SECTION_FIELDS: Record<EditableSection, readonly SettingsField[]> = {
  homeSettings: ['bannerImage_a', 'bannerHeading_a', 'bannerSubHeading_a', 'bannerButton_a', 'bannerImage_b', 'bannerHeading_b', 'bannerSubHeading_b', 'bannerButton_b'],
  ourProductSettings: ['description_a', 'description_b'],
  contactSettings: ['phone', 'whatsapp', 'facebook', 'instagram'],
  paymentSettings: ['deliveryCost'],
  receiptSettings: ['vatRegistrationNumber'],
  stockSettings: ['lowStockThreshold'],
  backInStockSettings: ['backInStockDays'],
  shopSettings: ['openingHours', 'pickupAddress'],
  pageSettings: ['delivery', 'returns', 'privacy'],
};

export function toValues(settings: SiteSettings): SettingsValues {
  const { homeSettings: home, ourProductSettings: about, contactSettings: contact } = settings;
  return {
    ...home,
    description_a: about.description_a,
    description_b: about.description_b,
    phone: contact.phone,
    whatsapp: contact.whatsapp,
    facebook: contact.facebook,
    instagram: contact.instagram,
    deliveryCost: formatMoneyInput(String(settings.paymentSettings.deliveryCost)),
    vatRegistrationNumber: settings.receiptSettings?.vatRegistrationNumber ?? '',
    lowStockThreshold: String(settings.stockSettings?.lowStockThreshold ?? 3),
    backInStockDays: String(settings.backInStockSettings?.waitDays ?? 90),
    openingHours: settings.shopSettings?.openingHours ?? '',
    pickupAddress: settings.shopSettings?.pickupAddress ?? '',
    delivery: settings.pageSettings?.delivery ?? '',
    returns: settings.pageSettings?.returns ?? '',
    privacy: settings.pageSettings?.privacy ?? '',
  };
}

/** A number as typed; anything else goes to the rules as text so that they word the message. */
function wholeNumberOrText(typed: string): number | string {
  const text = typed.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** A section's body as the API takes it, from the typed values (amounts and numbers parsed, the rest as typed). */
const SECTION_BODY: Record<EditableSection, (v: SettingsValues) => unknown> = {
  homeSettings: (v) => Object.fromEntries(SECTION_FIELDS.homeSettings.map((field) => [field, v[field]])),
  ourProductSettings: (v) => ({ description_a: v.description_a, description_b: v.description_b }),
  contactSettings: (v) => ({ phone: v.phone, facebook: v.facebook, whatsapp: v.whatsapp, instagram: v.instagram }),
  paymentSettings: (v) => ({ deliveryCost: v.deliveryCost.trim() === '' ? undefined : parseMoneyInput(v.deliveryCost) }),
  receiptSettings: (v) => ({ vatRegistrationNumber: v.vatRegistrationNumber }),
  // A whole number as typed; anything else goes to the rules as text so that they word the message.
  stockSettings: (v) => ({ lowStockThreshold: wholeNumberOrText(v.lowStockThreshold) }),
  backInStockSettings: (v) => ({ waitDays: wholeNumberOrText(v.backInStockDays) }),
  shopSettings: (v) => ({ openingHours: v.openingHours, pickupAddress: v.pickupAddress }),
  pageSettings: (v) => ({ delivery: v.delivery, returns: v.returns, privacy: v.privacy }),
};

/**
 * The sections to send (and only those), checked with the shared settings rules (the gateway runs the same ones).
 * Errors name the form's fields; `other` is a problem no field of these sections shows.
 */
export function toPatch(
  values: SettingsValues,
  sections: readonly EditableSection[],
): { ok: true; patch: SiteSettingsPatch } | { ok: false; errors: SettingsErrors; other: string | null } {
  const body = Object.fromEntries(sections.map((section) => [section, SECTION_BODY[section](values)]));
  const parsed = SiteSettingsPatchSchema.safeParse(body);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const fields = new Set(sections.flatMap((section) => SECTION_FIELDS[section]));
  const errors: SettingsErrors = {};
  let other: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = issue.path[1];
    if (typeof field === 'string' && fields.has(field as SettingsField)) errors[field as SettingsField] ??= issue.message;
    else other ??= issue.message;
  }
  // The rules say "must be a number" for an empty amount; the form says what the owner did.
  if (sections.includes('paymentSettings')) {
    const cost = (body['paymentSettings'] as { deliveryCost?: number }).deliveryCost;
    if (cost === undefined) errors.deliveryCost = 'Delivery cost is required';
    else if (Number.isNaN(cost)) errors.deliveryCost = 'Delivery cost must be an amount such as 35.00';
  }
  if (sections.includes('stockSettings') && values.lowStockThreshold.trim() === '') errors.lowStockThreshold = 'Low-stock threshold is required';
  if (sections.includes('backInStockSettings') && values.backInStockDays.trim() === '') errors.backInStockDays = 'Days a sign-up waits is required';
  return { ok: false, errors, other };
}
