import { errorMessage } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import { BANK_ACCOUNT_TYPES, BANK_TRANSFER_HOLD_HOURS, BankTransferSettingsSchema, type SiteSettingsPatch } from '@shop/rules';
import { toast } from '@shop/web-ui';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';

/** How many account slots the form shows (an empty slot is not saved). */
const SLOTS = 2;
const FIELDS = ['bank', 'accountName', 'accountNumber', 'instructions'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = { bank: 'Bank', accountName: 'Account name', accountNumber: 'Account number', instructions: 'Instructions (optional)' };

/**
 * Issue 29: bank transfer at checkout. The owner turns it on, sets how long an order holds its stock while the
 * shopper transfers (72 hours by default), and enters the local accounts shoppers pay into. Checked with the shared
 * rules (the gateway runs the same) and saved as its own section of the record.
 */
export function BankTransferSection({ settings, onSave }: { settings: SiteSettings; onSave: (patch: SiteSettingsPatch) => Promise<SiteSettings> }) {
  const section = settings.bankTransferSettings;
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const accounts = Array.from({ length: SLOTS }, (_, i) => ({
      bank: text(`account${i}-bank`),
      accountName: text(`account${i}-accountName`),
      accountNumber: text(`account${i}-accountNumber`),
      instructions: text(`account${i}-instructions`),
      accountType: text(`account${i}-accountType`),
    })).filter((a) => [a.bank, a.accountName, a.accountNumber].some((v) => v.trim() !== ''));
    const hours = text('holdHours').trim();
    const parsed = BankTransferSettingsSchema.safeParse({ enabled: form.get('enabled') === 'on', holdHours: /^\d+$/.test(hours) ? Number(hours) : hours, accounts });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSave({ bankTransferSettings: parsed.data });
      toast('Bank transfer settings saved');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="settings-section card" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="bank-transfer-settings-title">
      <fieldset className="settings-section__fieldset">
        <legend className="settings-section__title">
          <h2 id="bank-transfer-settings-title" className="settings-section__heading">
            Bank Transfer
          </h2>
        </legend>
        <label className="settings-section__check">
          <input type="checkbox" name="enabled" defaultChecked={section.enabled} /> Offer bank transfer at checkout
        </label>
        <TextField
          id="bank-transfer-hold"
          name="holdHours"
          label="Hold the items for (hours)"
          inputMode="numeric"
          defaultValue={String(section.holdHours || BANK_TRANSFER_HOLD_HOURS.default)}
          hint="The shopper is reminded before this ends; then the items go back on sale."
        />
        {Array.from({ length: SLOTS }, (_, i) => {
          const account = section.accounts[i];
          return (
            <fieldset key={i} className="settings-section__fieldset">
              <legend>Account {i + 1}</legend>
              {FIELDS.map((f) => (
                <TextField key={f} id={`bank-account${i}-${f}`} name={`account${i}-${f}`} label={LABELS[f]} defaultValue={account?.[f] ?? ''} autoComplete="off" />
              ))}
              <label className="field__label" htmlFor={`bank-account${i}-type`}>
                Account type
              </label>
              <select id={`bank-account${i}-type`} name={`account${i}-accountType`} className="field__input" defaultValue={account?.accountType ?? BANK_ACCOUNT_TYPES[0]}>
                {BANK_ACCOUNT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </fieldset>
          );
        })}
        <FormAlert message={problem} />
        <div className="settings-section__actions">
          <button type="submit" className="button" disabled={saving}>
            Save Bank Transfer
          </button>
        </div>
      </fieldset>
    </form>
  );
}
