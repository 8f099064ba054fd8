import { ApiError, createStockWait } from '@shop/api-client';
import { STOCK_WAIT_LIMITS, STOCK_WAIT_MESSAGES, stockWaitFieldErrors } from '@shop/contracts';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { CheckField, FormStatus, TextField } from '../../../components/ui/text-field';
import { NOTIFY_ANCHOR, notifyPostPath } from '../notify-outcome';
import './notify-me-form.css';

type Contact = 'email' | 'whatsapp';
type Field = Contact | 'consent';
type Errors = Partial<Record<Field | 'variant', string>>;

/** The two ways to be told, one of which is needed: what each field is, beyond its value and its error. */
const CONTACT_FIELDS: Array<{ name: Contact } & Pick<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'inputMode' | 'hint'>> = [
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email' },
  {
    name: 'whatsapp',
    label: 'Or your WhatsApp number',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    hint: 'The shop sends WhatsApp messages by hand, so a reply may take a little longer.',
  },
];

const NOT_SENT = 'We could not save that just now. Please try again in a moment.';

interface NotifyMeFormProps {
  productId: string;
  /** The sold-out variant chosen; left out for a product without options (its one variant has the product's id). */
  variantId?: string;
  /** What is sold out, as the shopper reads it ("Mango Body Butter - 16 oz"). */
  itemName: string;
  /** The storefront's server just kept a sign-up posted without scripts (`?notify=sent`). */
  sent?: boolean;
  /** A sign-up posted without scripts that the server could not take: what was typed and what was wrong. */
  submission?: { values: Record<string, string>; errors: Record<string, string>; message?: string } | null;
}

/**
 * "Notify me" on a sold-out product (issue 28): an e-mail address or a WhatsApp number and a consent tick. A real
 * form: without scripts the storefront's server sends it (server/notify-post.ts) and draws the page again; the app
 * checks it with the shared rules and sends it in place. The answer is the same whether or not the shopper was
 * already waiting.
 */
export function NotifyMeForm({ productId, variantId, itemName, sent: sentBefore = false, submission = null }: NotifyMeFormProps) {
  const [contact, setContact] = useState<Record<Contact, string>>({ email: submission?.values.email ?? '', whatsapp: submission?.values.whatsapp ?? '' });
  const [consent, setConsent] = useState(submission?.values.consent === 'on');
  const [errors, setErrors] = useState<Errors>(() => submission?.errors ?? {});
  const [failure, setFailure] = useState(submission?.message ?? '');
  const [sent, setSent] = useState(sentBefore ? STOCK_WAIT_MESSAGES.accepted : '');
  const [sending, setSending] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent('');
    setFailure('');
    const form = { variant: variantId, email: contact.email.trim() || undefined, whatsapp: contact.whatsapp.trim() || undefined, consent: consent ? ('on' as const) : undefined };
    const problems = stockWaitFieldErrors(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      const answer = await createStockWait(productId, { ...form, consent: true });
      setSent(answer.message);
      setContact({ email: '', whatsapp: '' });
      setConsent(false);
    } catch (error) {
      // The shop's refusals are written for shoppers (a 4xx); anything else is the generic message.
      setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : NOT_SENT);
    } finally {
      setSending(false);
    }
  };

  /** A field being fixed loses its complaint (a contact typed also answers "e-mail or WhatsApp"). */
  const fix = (field: Field) =>
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'whatsapp' && current.email === STOCK_WAIT_MESSAGES.contact ? { email: undefined } : {}) }));

  return (
    <section id={NOTIFY_ANCHOR} className="notify-me panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="notify-me__title">
        Notify me when it is back
      </h2>
      <p id={`${id}-intro`} className="notify-me__intro">
        {itemName} is sold out. Leave your e-mail address or your WhatsApp number and we will tell you once when it is back in stock.
      </p>
      <form className="notify-me__form" method="post" action={notifyPostPath(productId)} noValidate onSubmit={(event) => void submit(event)}>
        {variantId && <input type="hidden" name="variant" value={variantId} />}
        {CONTACT_FIELDS.map(({ name, ...field }) => (
          <TextField
            key={name}
            id={`${id}-${name}`}
            name={name}
            {...field}
            maxLength={STOCK_WAIT_LIMITS[name]}
            value={contact[name]}
            error={errors[name]}
            onValue={(value) => {
              setContact((current) => ({ ...current, [name]: value }));
              fix(name);
            }}
          />
        ))}
        <CheckField
          id={`${id}-consent`}
          name="consent"
          checked={consent}
          error={errors.consent}
          onChecked={(checked) => {
            setConsent(checked);
            fix('consent');
          }}
        >
          I agree that Island Glow may contact me once about this product when it is back in stock.
        </CheckField>
        {errors.variant && <p className="field__error">{errors.variant}</p>}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Saving…' : 'Notify me'}
        </button>
        <FormStatus failure={failure} done={sent} />
      </form>
    </section>
  );
}
