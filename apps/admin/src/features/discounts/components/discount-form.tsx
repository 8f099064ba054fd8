import { type DiscountCode, shopDayOf } from '@shop/contracts';
import { type DiscountCodeInput, DiscountCodeInputSchema } from '@shop/rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import './discounts.css';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { type Choice, SelectField } from '../../../components/ui/select-field';

/** The shop's days are Trinidad's (UTC-4 all year): a start date begins at its midnight, an end date ends at its last second. */
const SHOP_OFFSET = '-04:00';

/** A code's date as the shop's day (YYYY-MM-DD), '' for none. */
export function shopDate(iso: string | null): string {
  return iso ? shopDayOf(iso) : '';
}

interface FormValues {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerCustomer: string;
  appliesToDelivery: boolean;
  active: boolean;
  onBanner: boolean;
}

function valuesOf(code: DiscountCode | null): FormValues {
  if (!code) {
    return { code: '', kind: 'percent', value: '', minOrder: '0.00', startsAt: '', endsAt: '', totalUses: '', usesPerCustomer: '', appliesToDelivery: false, active: true, onBanner: false };
  }
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.value) : code.value.toFixed(2),
    minOrder: code.minOrder.toFixed(2),
    startsAt: shopDate(code.startsAt),
    endsAt: shopDate(code.endsAt),
    totalUses: code.totalUses === null ? '' : String(code.totalUses),
    usesPerCustomer: code.usesPerCustomer === null ? '' : String(code.usesPerCustomer),
    appliesToDelivery: code.appliesToDelivery,
    active: code.active,
    onBanner: code.onBanner,
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, '')));
/** Not rounded: an amount with more than two decimals gets the rule's message rather than a silent change. */
const money = number;
const count = (text: string) => (text.trim() === '' ? null : number(text));

/** The form's text as the API's input, checked with the shared rules. */
function parse(v: FormValues): { input: DiscountCodeInput } | { problem: string } {
  const parsed = DiscountCodeInputSchema.safeParse({
    code: v.code,
    kind: v.kind,
    value: v.kind === 'percent' ? number(v.value) : money(v.value),
    minOrder: v.minOrder.trim() === '' ? 0 : money(v.minOrder),
    startsAt: v.startsAt ? `${v.startsAt}T00:00:00${SHOP_OFFSET}` : null,
    endsAt: v.endsAt ? `${v.endsAt}T23:59:59${SHOP_OFFSET}` : null,
    totalUses: count(v.totalUses),
    usesPerCustomer: count(v.usesPerCustomer),
    appliesToDelivery: v.appliesToDelivery,
    active: v.active,
    onBanner: v.onBanner,
  });
  return parsed.success ? { input: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'Please check the code' };
}

/** A discount code's terms: checked with the shared rules before anything is sent. */
const KIND_CHOICES: Choice[] = [
  ['percent', 'Percent off'],
  ['fixed', 'Fixed amount off (TT$)'],
];

export function DiscountForm({
  code,
  submitLabel,
  onSubmit,
  saving,
  problem: serverProblem,
  actions,
}: {
  code: DiscountCode | null;
  submitLabel: string;
  onSubmit: (input: DiscountCodeInput) => void;
  saving: boolean;
  problem: string | null;
  actions?: ReactNode;
}) {
  const id = useId();
  const [v, setV] = useState(() => valuesOf(code));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setV((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parse(v);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    onSubmit(result.input);
  };

  const text = (key: 'code' | 'value' | 'minOrder' | 'totalUses' | 'usesPerCustomer', label: string, hint?: string, inputMode?: 'decimal' | 'numeric') => (
    <TextField id={`${id}-${key}`} label={label} hint={hint} hintBelow value={v[key]} inputMode={inputMode} onValue={(value) => set(key, value)} />
  );
  const date = (key: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <TextField id={`${id}-${key}`} label={label} hint={hint} hintBelow type="date" value={v[key]} onValue={(value) => set(key, value)} />
  );
  const check = (key: 'appliesToDelivery' | 'active' | 'onBanner', label: string) => (
    <div className="check-field discount-form__check discount-form__wide">
      <input id={`${id}-${key}`} type="checkbox" checked={v[key]} onChange={(e) => set(key, e.target.checked)} />
      <label htmlFor={`${id}-${key}`}>{label}</label>
    </div>
  );
  const shown = problem ?? serverProblem;

  return (
    <form className="discount-form card" noValidate onSubmit={submit} aria-label={code ? `Edit ${code.code}` : 'New discount code'}>
      <FormAlert message={shown} className="discount-form__wide" />
      {text('code', 'Code', '3 to 30 letters, digits, - or _; shoppers may type it in any case')}
      <SelectField id={`${id}-kind`} label="Kind" value={v.kind} choices={KIND_CHOICES} onValue={(value) => set('kind', value as FormValues['kind'])} />
      {text('value', v.kind === 'percent' ? 'Percent off' : 'Amount off (TT$)', v.kind === 'percent' ? 'A whole number from 1 to 100' : undefined, 'decimal')}
      {text('minOrder', 'Minimum order (TT$)', 'The items total the order must reach; 0 for none', 'decimal')}
      {date('startsAt', 'Starts on', 'Leave empty to start now')}
      {date('endsAt', 'Ends on', 'The code works to the end of this day; leave empty for no end')}
      {text('totalUses', 'Total uses', 'Leave empty for no limit', 'numeric')}
      {text('usesPerCustomer', 'Uses per customer email', 'Leave empty for no limit', 'numeric')}
      {check('appliesToDelivery', 'Also discounts the delivery')}
      {check('active', 'Active')}
      {check('onBanner', 'Show on the home banner (replaces the code shown there now)')}
      <div className="discount-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
