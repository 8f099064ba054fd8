import {
  areaOfOtherTown,
  CHECKOUT_MESSAGES,
  type CheckoutCustomer,
  CheckoutCustomerSchema,
  checkoutFieldError,
  DELIVERY_NOTE_MAX,
  formatContactNumber,
  type PayOnDelivery,
  PayOnDeliverySchema,
} from '@shop/rules';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { paths } from '../../../config/paths';
import { dismissToast, toast } from '@shop/web-ui';
import './checkout-form.css';

type FieldName = keyof CheckoutCustomer;
export type PaymentChoice = 'card' | 'in_person' | 'bank_transfer';

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string; inputMode?: 'tel' | 'email'; hint?: string }[] = [
  { name: 'fname', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lname', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Contact Number', type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' },
  { name: 'city', label: 'City/Area', type: 'text', autoComplete: 'address-level2' },
  { name: 'street', label: 'Street', type: 'text', autoComplete: 'street-address' },
  { name: 'note', label: 'Delivery note (optional)', type: 'text', autoComplete: 'off', hint: 'A landmark or directions, e.g. "Blue gate opposite the mosque"' },
];

/** How long each field may be (the shared rules' limits). */
function maxLengthOf(name: FieldName): number {
  return name === 'phone' ? 13 : name === 'note' ? DELIVERY_NOTE_MAX : 100;
}

const EMPTY: Record<FieldName, string> = { fname: '', lname: '', email: '', phone: '', city: '', street: '', note: '' };

/** Session storage key of what the shopper typed: kept for this tab, so 'Try again' after a declined card is one click. */
export const CHECKOUT_DETAILS_KEY = 'checkoutDetails';

function savedDetails(): Record<FieldName, string> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(CHECKOUT_DETAILS_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return EMPTY;
    const record = saved as Record<string, unknown>;
    return Object.fromEntries(FIELDS.map((f) => [f.name, typeof record[f.name] === 'string' ? String(record[f.name]).slice(0, maxLengthOf(f.name)) : ''])) as Record<FieldName, string>;
  } catch {
    return EMPTY;
  }
}

/** The field's rule from the shared checkout rules (the gateway checks the same). */
function check(name: FieldName, value: string): boolean {
  return CheckoutCustomerSchema.shape[name].safeParse(value).success;
}

interface CheckoutFormProps {
  /** True while an order is being placed. */
  disabled: boolean;
  /** True while the buttons must wait (today's prices are being checked); the fields stay editable. */
  waiting?: boolean;
  /** `payOnDelivery`: the cash or Linx radio the form holds (issue 29), cash when it has none. */
  onSubmit: (customer: CheckoutCustomer, payment: PaymentChoice, payOnDelivery: PayOnDelivery) => void;
  /** The delivery area chosen, and every area's name: a city another area serves is pointed out. */
  areaName?: string;
  areaNames?: readonly string[];
  /** The form's id: controls elsewhere on the page (the delivery areas) are sent with it. */
  formId?: string;
  /** Sent with the form for the storefront's server when there is no script (the Buy Now line, the total seen). */
  hidden?: Record<string, string>;
  /** What the shopper typed, and what was wrong with it, as the server answered a post without scripts. */
  initialValues?: Partial<Record<FieldName, string>>;
  initialErrors?: Partial<Record<FieldName, string>>;
  /** Shown between the fields and the buttons (how paying in person works, the pick-up address). */
  children?: ReactNode;
  /** Issue 29: the shop takes bank transfers (Site Settings): a third button. */
  bankTransfer?: boolean;
}

/**
 * The customer details (spec section 5): each field checked when it loses focus and on submit, a failing field
 * highlighted with its toast, the contact number formatted as it is typed.
 */
export function CheckoutForm({ disabled, waiting = false, onSubmit, areaName, areaNames = [], formId, hidden, initialValues, initialErrors, children, bankTransfer = false }: CheckoutFormProps) {
  const [values, setValues] = useState<Record<FieldName, string>>(() => (initialValues ? { ...EMPTY, ...initialValues } : savedDetails()));
  useEffect(() => {
    try {
      sessionStorage.setItem(CHECKOUT_DETAILS_KEY, JSON.stringify(values));
    } catch {
      // Storage full or blocked: the form still works, only the retry is not pre-filled.
    }
  }, [values]);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, boolean>>>(() =>
    Object.fromEntries(Object.keys(initialErrors ?? {}).map((name) => [name, true])),
  );
  const baseId = useId();

  const blur = (name: FieldName) => {
    const ok = check(name, values[name]);
    const next = { ...invalid, [name]: !ok };
    setInvalid(next);
    if (!ok) {
      toast(CHECKOUT_MESSAGES[name], 'error');
      return;
    }
    // Fixed: its complaint goes, and the form's once nothing is highlighted any more.
    dismissToast(CHECKOUT_MESSAGES[name]);
    if (!Object.values(next).some(Boolean)) dismissToast(CHECKOUT_MESSAGES.form);
  };
  const otherArea = areaName ? areaOfOtherTown(values.city, areaName, areaNames) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const payment: PaymentChoice = submitter?.value === 'in_person' ? 'in_person' : submitter?.value === 'bank_transfer' ? 'bank_transfer' : 'card';
    const parsed = CheckoutCustomerSchema.safeParse(values);
    if (!parsed.success) {
      const failing = new Set(parsed.error.issues.map((issue) => issue.path[0] as FieldName));
      setInvalid(Object.fromEntries(FIELDS.map((field) => [field.name, failing.has(field.name)])));
      toast(CHECKOUT_MESSAGES.form, 'error');
      return;
    }
    const chosen = PayOnDeliverySchema.safeParse(new FormData(event.currentTarget).get('payOnDelivery'));
    onSubmit(parsed.data, payment, chosen.success ? chosen.data : 'cash');
  };

  return (
    // A real form: without scripts the storefront's server places the order (server/checkout-post.ts).
    <form id={formId} className="checkout-form" method="post" action={paths.checkout} noValidate onSubmit={submit}>
      {hidden && Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <fieldset className="checkout-form__fields panel" disabled={disabled}>
        <legend className="checkout-form__legend">Customer Details</legend>
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          const errorId = `${id}-error`;
          const hintId = `${id}-hint`;
          const describedBy = [field.hint ? hintId : null, invalid[field.name] ? errorId : null].filter(Boolean).join(' ') || undefined;
          return (
            <div key={field.name} className={field.name === 'note' ? 'field checkout-form__wide' : 'field'}>
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                type={field.type}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete}
                maxLength={maxLengthOf(field.name)}
                placeholder={field.name === 'phone' ? '(868)555-0123' : undefined}
                value={values[field.name]}
                aria-invalid={invalid[field.name] ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => {
                  const value = field.name === 'phone' ? formatContactNumber(event.target.value) : event.target.value;
                  setValues((current) => ({ ...current, [field.name]: value }));
                }}
                onBlur={() => blur(field.name)}
              />
              {field.hint && (
                <p id={hintId} className="checkout-form__hint">
                  {field.hint}
                </p>
              )}
              {invalid[field.name] && (
                <p id={errorId} className="checkout-form__error">
                  {initialErrors?.[field.name] && values[field.name] === (initialValues?.[field.name] ?? '')
                    ? initialErrors[field.name]
                    : (checkoutFieldError(field.name, values[field.name]) ?? CHECKOUT_MESSAGES[field.name])}
                </p>
              )}
              {field.name === 'city' && otherArea && !invalid.city && (
                <p className="checkout-form__check" role="status">
                  {values.city.trim()} is in {otherArea}, not {areaName}. Please check the delivery area above.
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      {children}
      <div className="checkout-form__actions">
        <button type="submit" name="payment" value="card" className="button" disabled={disabled || waiting}>
          Pay by Card
        </button>
        <button type="submit" name="payment" value="in_person" className="button button--secondary" disabled={disabled || waiting}>
          Pay In Person on Delivery
        </button>
        {bankTransfer && (
          <button type="submit" name="payment" value="bank_transfer" className="button button--secondary" disabled={disabled || waiting}>
            Pay by Bank Transfer
          </button>
        )}
      </div>
    </form>
  );
}
