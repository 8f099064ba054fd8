import type { SiteSettings } from '@shop/contracts';
import { fromCents, toCents } from '@shop/money';
import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_SITE_SETTINGS, type SiteSettingsValues } from '@shop/rules';
import type { SiteSettingsEntity } from './site-settings.entity';

export type SettingsColumns = Pick<SiteSettingsEntity, 'home' | 'ourProduct' | 'media' | 'contact' | 'deliveryCostCents'> &
  Partial<Pick<SiteSettingsEntity, 'vatRegistrationNumber' | 'lowStockThreshold' | 'shop' | 'pages'>>;

/**
 * Validated, normalised settings as table columns (delivery cost in cents, `call` not stored). The receipt, stock,
 * shop and page sections are optional in a write: a section left out leaves its columns as they are.
 */
export function toSettingsColumns(values: SiteSettingsValues): SettingsColumns {
  const { call: _derived, ...contact } = values.contactSettings;
  return {
    home: { ...values.homeSettings },
    ourProduct: { ...values.ourProductSettings },
    media: { photos: [...values.mediaSettings.photos], videos: [...values.mediaSettings.videos] },
    contact,
    deliveryCostCents: toCents(values.paymentSettings.deliveryCost),
    ...(values.receiptSettings ? { vatRegistrationNumber: values.receiptSettings.vatRegistrationNumber } : {}),
    ...(values.stockSettings ? { lowStockThreshold: values.stockSettings.lowStockThreshold } : {}),
    ...(values.shopSettings ? { shop: { openingHours: values.shopSettings.openingHours, pickupAddress: values.shopSettings.pickupAddress } } : {}),
    ...(values.pageSettings
      ? { pages: { delivery: values.pageSettings.delivery, returns: values.pageSettings.returns, privacy: values.pageSettings.privacy } }
      : {}),
  };
}

/** The record as the API answers it; fields are picked one by one so that nothing else stored in jsonb leaks out. */
export function toSiteSettings(entity: SiteSettingsEntity): SiteSettings {
  const { home, ourProduct, media, contact } = entity;
  const shop = entity.shop ?? DEFAULT_SITE_SETTINGS.shopSettings;
  const pages = entity.pages ?? DEFAULT_SITE_SETTINGS.pageSettings;
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
    shopSettings: { openingHours: shop?.openingHours ?? '', pickupAddress: shop?.pickupAddress ?? '' },
    pageSettings: { delivery: pages?.delivery ?? '', returns: pages?.returns ?? '', privacy: pages?.privacy ?? '' },
  };
}
