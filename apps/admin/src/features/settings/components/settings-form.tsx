import type { SiteSettings } from '@shop/contracts';
import { SETTINGS_LIMITS, type SiteSettingsPatch } from '@shop/rules';
import { ImageField } from '../../../components/ui/image-field';
import { formatMoneyInput } from '../../../lib/money-input';
import { SettingsSection } from './settings-section';

interface SettingsFormProps {
  settings: SiteSettings;
  /** Saves the sections given; answers the record as the server now holds it. */
  onSave: (patch: SiteSettingsPatch) => Promise<SiteSettings>;
}

const BANNERS = [
  { n: 1, image: 'bannerImage_a', heading: 'bannerHeading_a', sub: 'bannerSubHeading_a', button: 'bannerButton_a' },
  { n: 2, image: 'bannerImage_b', heading: 'bannerHeading_b', sub: 'bannerSubHeading_b', button: 'bannerButton_b' },
] as const;

/**
 * Site Settings (spec sections 2 and 5; issues 17, 25 and 26): a section per part of the shop, each checked with
 * the shared rules and saved on its own. The browser's own checks are off (noValidate) so that every field gets
 * the same worded message, and the first wrong field of a section takes the focus.
 */
export function SettingsForm({ settings, onSave }: SettingsFormProps) {
  const common = { settings, onSave };
  return (
    <div className="settings-form">
      <p className="settings-form__note">Each section saves on its own. Every field is required, except the VAT registration number.</p>
      <SettingsSection title="Home Settings" sections={['homeSettings']} {...common}>
        {({ values, errors, set, field }) => (
          <div className="settings-section__banners">
            {BANNERS.map((b) => (
              <div key={b.n} className="settings-banner">
                <h3 className="settings-banner__title">Banner {b.n}</h3>
                <ImageField label={`Banner ${b.n} image`} storefrontPaths required value={values[b.image]} onChange={set(b.image)} error={errors[b.image]} />
                {field(b.heading, `Banner ${b.n} heading`)}
                {field(b.sub, `Banner ${b.n} sub heading`)}
                {field(b.button, `Banner ${b.n} button`)}
              </div>
            ))}
          </div>
        )}
      </SettingsSection>
      <SettingsSection title="Our Product Information Settings" sections={['ourProductSettings']} {...common}>
        {({ field }) => (
          <>
            {field('description_a', 'Product description 1', { rows: 6 })}
            {field('description_b', 'Product description 2', { rows: 6 })}
          </>
        )}
      </SettingsSection>
      <SettingsSection title="Contact Settings" sections={['contactSettings']} {...common}>
        {({ field }) => (
          <div className="settings-section__grid">
            {field('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', hint: 'Also the number the Call link uses.' })}
            {field('whatsapp', 'WhatsApp', { type: 'tel', inputMode: 'tel' })}
            {field('facebook', 'Facebook', { type: 'url', inputMode: 'url', hint: 'An https:// address.' })}
            {field('instagram', 'Instagram', { type: 'url', inputMode: 'url', hint: 'An https:// address.' })}
          </div>
        )}
      </SettingsSection>
      <SettingsSection title="Shop Information" sections={['shopSettings']} {...common}>
        {({ field }) => (
          <div className="settings-section__grid">
            {field('openingHours', 'Opening hours', { rows: 3, hint: `Shown in the shop's footer. One line per day or group of days; at most ${SETTINGS_LIMITS.openingHours} characters.` })}
            {field('pickupAddress', 'Pick-up address', { rows: 3, hint: `Where shoppers collect orders: the footer and checkout show it. At most ${SETTINGS_LIMITS.pickupAddress} characters.` })}
          </div>
        )}
      </SettingsSection>
      <SettingsSection title="Pages" sections={['pageSettings']} {...common}>
        {({ field }) => (
          <>
            <p className="settings-section__note">Plain text: leave an empty line between paragraphs. The shop links these pages from its footer.</p>
            {field('delivery', 'Delivery page', { rows: 8 })}
            {field('returns', 'Returns page', { rows: 8 })}
            {field('privacy', 'Privacy page', { rows: 8 })}
          </>
        )}
      </SettingsSection>
      <SettingsSection title="Payment Settings" sections={['paymentSettings']} {...common}>
        {({ field, set, values }) => (
          <div className="settings-section__grid">
            {field('deliveryCost', 'Delivery cost (TT$)', {
              inputMode: 'decimal',
              hint: 'Added to every order at checkout.',
              onBlur: () => set('deliveryCost')(formatMoneyInput(values.deliveryCost)),
            })}
          </div>
        )}
      </SettingsSection>
      <SettingsSection title="Receipts and Stock Alerts" sections={['receiptSettings', 'stockSettings', 'backInStockSettings']} {...common}>
        {({ field }) => (
          <div className="settings-section__grid">
            {field('vatRegistrationNumber', 'VAT registration number', {
              required: false,
              hint: 'Leave empty if the shop is not VAT registered. With a number, receipts say prices include VAT at 12.5% and show the VAT part.',
            })}
            {field('lowStockThreshold', 'Low-stock alert at', {
              inputMode: 'numeric',
              hint: 'You get one mail when an order takes a product to this many or fewer (0 turns alerts off).',
            })}
            {field('backInStockDays', '"Notify me" sign-ups kept (days)', {
              inputMode: 'numeric',
              hint: 'A shopper who asks to hear when a sold-out product is back is told once; a sign-up not told within this many days is dropped.',
            })}
          </div>
        )}
      </SettingsSection>
    </div>
  );
}
