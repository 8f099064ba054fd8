import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsInput } from '@shop/rules';
import { type FormEvent, useRef, useState } from 'react';
import { formatMoneyInput } from '../../../lib/money-input';
import { ImageField } from '../../../components/ui/image-field';
import { SettingsTextField } from './settings-text-field';
import { type SettingsErrors, type SettingsField, type SettingsValues, toInput, toValues } from './settings-values';

interface SettingsFormProps {
  settings: SiteSettings;
  /** Called with the checked record; the media lists are the ones loaded with the form. */
  onSubmit: (input: SiteSettingsInput) => void;
}

const BANNERS = [
  { n: 1, image: 'bannerImage_a', heading: 'bannerHeading_a', sub: 'bannerSubHeading_a', button: 'bannerButton_a' },
  { n: 2, image: 'bannerImage_b', heading: 'bannerHeading_b', sub: 'bannerSubHeading_b', button: 'bannerButton_b' },
] as const;

/**
 * The site settings form (spec sections 2 and 5): four sections, every field required, checked with the
 * shared rules before anything is sent. The browser's own checks are off (noValidate) so that every field
 * gets the same worded message, and the first wrong field takes the focus.
 */
export function SettingsForm({ settings, onSubmit }: SettingsFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SettingsValues>(() => toValues(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [summary, setSummary] = useState<string | null>(null);

  const set = (field: SettingsField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = toInput(values, settings.mediaSettings);
    if (!result.ok) {
      const count = Object.values(result.errors).filter(Boolean).length;
      setErrors(result.errors);
      setSummary(
        count > 0
          ? `Nothing was saved: please fix the ${count === 1 ? 'highlighted field' : `${count} highlighted fields`}.`
          : `Nothing was saved: ${result.other ?? 'the settings are not valid'}`,
      );
      // After React has marked the fields invalid.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSummary(null);
    onSubmit(result.input);
  }

  const field = (name: SettingsField, label: string, extra: Partial<Parameters<typeof SettingsTextField>[0]> = {}) => (
    <SettingsTextField label={label} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );

  return (
    <form ref={formRef} className="settings-form" noValidate onSubmit={submit}>
      {summary && (
        <p className="settings-form__summary" role="alert">
          {summary}
        </p>
      )}
      <p className="settings-form__note">Every field is required, except the VAT registration number.</p>
      <fieldset className="settings-section card">
        <legend className="settings-section__title">
          <h2 className="settings-section__heading">Home Settings</h2>
        </legend>
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
      </fieldset>
      <fieldset className="settings-section card">
        <legend className="settings-section__title">
          <h2 className="settings-section__heading">Our Product Information Settings</h2>
        </legend>
        {field('description_a', 'Product description 1', { rows: 6 })}
        {field('description_b', 'Product description 2', { rows: 6 })}
      </fieldset>
      <fieldset className="settings-section card">
        <legend className="settings-section__title">
          <h2 className="settings-section__heading">Contact Settings</h2>
        </legend>
        <div className="settings-section__grid">
          {field('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', hint: 'Also the number the Call link uses.' })}
          {field('whatsapp', 'WhatsApp', { type: 'tel', inputMode: 'tel' })}
          {field('facebook', 'Facebook', { type: 'url', inputMode: 'url', hint: 'An https:// address.' })}
          {field('instagram', 'Instagram', { type: 'url', inputMode: 'url', hint: 'An https:// address.' })}
        </div>
      </fieldset>
      <fieldset className="settings-section card">
        <legend className="settings-section__title">
          <h2 className="settings-section__heading">Payment Settings</h2>
        </legend>
        <div className="settings-section__grid">
          {field('deliveryCost', 'Delivery cost (TT$)', {
            inputMode: 'decimal',
            hint: 'Added to every order at checkout.',
            onBlur: () => setValues((v) => ({ ...v, deliveryCost: formatMoneyInput(v.deliveryCost) })),
          })}
        </div>
      </fieldset>
      <fieldset className="settings-section card">
        <legend className="settings-section__title">
          <h2 className="settings-section__heading">Receipts and Stock Alerts</h2>
        </legend>
        <div className="settings-section__grid">
          {field('vatRegistrationNumber', 'VAT registration number', {
            required: false,
            hint: 'Leave empty if the shop is not VAT registered. With a number, receipts say prices include VAT at 12.5% and show the VAT part.',
          })}
          {field('lowStockThreshold', 'Low-stock alert at', {
            inputMode: 'numeric',
            hint: 'You get one mail when an order takes a product to this many or fewer (0 turns alerts off).',
          })}
        </div>
      </fieldset>
      <div className="settings-form__actions">
        <button type="submit" className="button">
          Save Changes
        </button>
      </div>
    </form>
  );
}
