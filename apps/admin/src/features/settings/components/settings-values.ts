import type { SiteSettings } from '@shop/contracts';
import { type SiteSettingsInput, SiteSettingsInputSchema } from '@shop/rules';
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
}
export type SettingsField = keyof SettingsValues;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

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
  };
}

/**
 * The whole record to send, checked with the shared settings rules (the gateway runs the same ones). The
 * media lists are not on this form: they are passed through as they stand on the server.
 */
export function toInput(
  values: SettingsValues,
  media: SiteSettings['mediaSettings'],
): { ok: true; input: SiteSettingsInput } | { ok: false; errors: SettingsErrors; other: string | null } {
  const cost = values.deliveryCost.trim() === '' ? undefined : parseMoneyInput(values.deliveryCost);
  // A whole number as typed; anything else goes to the rules as text so that they word the message.
  const thresholdText = values.lowStockThreshold.trim();
  const threshold = /^-?\d+(\.\d+)?$/.test(thresholdText) ? Number(thresholdText) : thresholdText;
  const parsed = SiteSettingsInputSchema.safeParse({
    homeSettings: {
      bannerImage_a: values.bannerImage_a,
      bannerHeading_a: values.bannerHeading_a,
      bannerSubHeading_a: values.bannerSubHeading_a,
      bannerButton_a: values.bannerButton_a,
      bannerImage_b: values.bannerImage_b,
      bannerHeading_b: values.bannerHeading_b,
      bannerSubHeading_b: values.bannerSubHeading_b,
      bannerButton_b: values.bannerButton_b,
    },
    ourProductSettings: { description_a: values.description_a, description_b: values.description_b },
    mediaSettings: media,
    contactSettings: { phone: values.phone, facebook: values.facebook, whatsapp: values.whatsapp, instagram: values.instagram },
    paymentSettings: { deliveryCost: cost },
    receiptSettings: { vatRegistrationNumber: values.vatRegistrationNumber },
    stockSettings: { lowStockThreshold: threshold },
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: SettingsErrors = {};
  let other: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = issue.path[1];
    if (typeof field === 'string' && field in values) errors[field as SettingsField] ??= issue.message;
    // A stored media list the rules no longer accept: not on this form, but it blocks the save.
    else other ??= issue.message;
  }
  // The rules say "must be a number" for an empty amount; the form says what the owner did.
  if (cost === undefined) errors.deliveryCost = 'Delivery cost is required';
  else if (Number.isNaN(cost)) errors.deliveryCost = 'Delivery cost must be an amount such as 35.00';
  if (thresholdText === '') errors.lowStockThreshold = 'Low-stock threshold is required';
  return { ok: false, errors, other };
}
