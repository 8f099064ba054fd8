import type { SiteSettings } from '@shop/contracts';
import { fromCents, toCents } from '@shop/money';
import { BANK_TRANSFER_HOLD_HOURS, DEFAULT_BACK_IN_STOCK_DAYS, DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_SITE_SETTINGS, type SiteSettingsValues } from '@shop/rules';
import type { BankTransferColumns, SiteSettingsEntity } from './site-settings.entity';

const NO_BANK_TRANSFER: BankTransferColumns = { enabled: false, holdHours: BANK_TRANSFER_HOLD_HOURS.default, accounts: [] };

export type SettingsColumns = Pick<SiteSettingsEntity, 'home' | 'ourProduct' | 'media' | 'contact' | 'deliveryCostCents'> &
  Partial<Pick<SiteSettingsEntity, 'vatRegistrationNumber' | 'lowStockThreshold' | 'backInStockDays' | 'shop' | 'pages' | 'bankTransfer'>>;

/**
 * Validated, normalised settings as table columns (delivery cost in cents, `call` not stored). The receipt, stock,
 * shop and page sections are optional in a write: a section left out leaves its columns as they are.
 */
export function toSettingsColumns(values: SiteSettingsValues): SettingsColumns {
  const columns = toSectionColumns(values);
  const { home, ourProduct, media, contact, deliveryCostCents } = columns;
  if (!home || !ourProduct || !media || !contact || deliveryCostCents === undefined) throw new RangeError('toSettingsColumns needs the whole record');
  return { ...columns, home, ourProduct, media, contact, deliveryCostCents };
}

/** The columns of the sections given (issue 26: the admin saves one section at a time); the others are left out. */
export function toSectionColumns(values: Partial<SiteSettingsValues>): Partial<SettingsColumns> {
  const contact = values.contactSettings ? (({ call: _derived, ...rest }) => rest)(values.contactSettings) : undefined;
  return {
    ...(values.homeSettings ? { home: { ...values.homeSettings } } : {}),
    ...(values.ourProductSettings ? { ourProduct: { ...values.ourProductSettings } } : {}),
    ...(values.mediaSettings ? { media: { photos: [...values.mediaSettings.photos], videos: [...values.mediaSettings.videos] } } : {}),
    ...(contact ? { contact } : {}),
    ...(values.paymentSettings ? { deliveryCostCents: toCents(values.paymentSettings.deliveryCost) } : {}),
    ...(values.receiptSettings ? { vatRegistrationNumber: values.receiptSettings.vatRegistrationNumber } : {}),
    ...(values.stockSettings ? { lowStockThreshold: values.stockSettings.lowStockThreshold } : {}),
    ...(values.backInStockSettings ? { backInStockDays: values.backInStockSettings.waitDays } : {}),
    ...(values.shopSettings ? { shop: { openingHours: values.shopSettings.openingHours, pickupAddress: values.shopSettings.pickupAddress } } : {}),
    ...(values.pageSettings
      ? { pages: { delivery: values.pageSettings.delivery, returns: values.pageSettings.returns, privacy: values.pageSettings.privacy } }
      : {}),
    ...(values.bankTransferSettings
      ? {
          bankTransfer: {
            enabled: values.bankTransferSettings.enabled,
            holdHours: values.bankTransferSettings.holdHours,
            accounts: values.bankTransferSettings.accounts.map(bankAccount),
          },
        }
      : {}),
  };
}

/** One account, its fields picked one by one (nothing else stored in jsonb reaches an answer). */
function bankAccount(a: BankTransferColumns['accounts'][number]): BankTransferColumns['accounts'][number] {
  return { bank: a.bank, accountName: a.accountName, accountNumber: a.accountNumber, accountType: a.accountType, instructions: a.instructions };
}

/** The record as the API answers it; fields are picked one by one so that nothing else stored in jsonb leaks out. */
export function toSiteSettings(entity: SiteSettingsEntity): SiteSettings {
  const { home, ourProduct, media, contact } = entity;
  const shop = entity.shop ?? DEFAULT_SITE_SETTINGS.shopSettings;
  const pages = entity.pages ?? DEFAULT_SITE_SETTINGS.pageSettings;
  const transfer = entity.bankTransfer ?? NO_BANK_TRANSFER;
  return {
    _id: entity.id,
    homeSettings: {
      bannerImage_a: home.bannerImage_a,
      bannerHeading_a: home.bannerHeading_a,
      bannerSubHeading_a: home.bannerSubHeading_a,
      bannerButton_a: home.bannerButton_a,
      bannerImage_b: home.bannerImage_b,
      bannerHeading_b: home.bannerHeading_b,
      bannerSubHeading_b: home.bannerSubHeading_b,
      bannerButton_b: home.bannerButton_b,
    },
    ourProductSettings: { description_a: ourProduct.description_a, description_b: ourProduct.description_b },
    mediaSettings: { photos: [...media.photos], videos: [...media.videos] },
    contactSettings: {
      phone: contact.phone,
      call: contact.phone,
      facebook: contact.facebook,
      whatsapp: contact.whatsapp,
      instagram: contact.instagram,
    },
    paymentSettings: { deliveryCost: fromCents(entity.deliveryCostCents) },
    receiptSettings: { vatRegistrationNumber: entity.vatRegistrationNumber ?? '' },
    stockSettings: { lowStockThreshold: entity.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD },
    backInStockSettings: { waitDays: entity.backInStockDays ?? DEFAULT_BACK_IN_STOCK_DAYS },
    shopSettings: { openingHours: shop?.openingHours ?? '', pickupAddress: shop?.pickupAddress ?? '' },
    pageSettings: { delivery: pages?.delivery ?? '', returns: pages?.returns ?? '', privacy: pages?.privacy ?? '' },
    bankTransferSettings: {
      enabled: transfer.enabled,
      holdHours: transfer.holdHours,
      accounts: transfer.accounts.map(bankAccount),
    },
  };
}
