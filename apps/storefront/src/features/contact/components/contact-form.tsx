import { sendContactMessage } from '@shop/api-client';
import { CONTACT_LIMITS, contactFieldErrors } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { FieldNotes, fieldAria, FormStatus, TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import './contact-form.css';

const EMPTY = { firstName: '', lastName: '', email: '', tel: '', message: '' };
type Field = keyof typeof EMPTY;
type Errors = Partial<Record<Field, string>>;

const FIELDS: { name: Field; label: string; type: string; autoComplete: string; max: number }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', max: CONTACT_LIMITS.name },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', max: CONTACT_LIMITS.name },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', max: CONTACT_LIMITS.email },
  { name: 'tel', label: 'Phone', type: 'tel', autoComplete: 'tel', max: CONTACT_LIMITS.tel },
];

const NOT_SENT = 'Your message could not be sent just now. Please try again in a moment.';

interface ContactFormProps {
  /** The storefront's server just sent a message posted without scripts (`/contact?sent=1`). */
  sent?: boolean;
  /** A message posted without scripts that the server could not take: what was typed and what was wrong. */
  submission?: { values: Record<string, string>; errors: Record<string, string>; message?: string } | null;
}

/**
 * 'Send Us Feedback' (spec sections 5 and 7): every field required, checked with the shared contact rules. A real
 * form: without scripts the storefront's server sends it (server/contact-post.ts); the app sends it in place. On
 * success the form is cleared; on a failure the text stays for another try, with a message saying so.
 */
export function ContactForm({ sent: sentBefore = false, submission = null }: ContactFormProps) {
  const [values, setValues] = useState(() => ({ ...EMPTY, ...pick(submission?.values) }));
  const [errors, setErrors] = useState<Errors>(() => pick(submission?.errors));
  const [failure, setFailure] = useState(submission?.message ?? '');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(sentBefore);
  const baseId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    setFailure('');
    const problems = contactFieldErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      await sendContactMessage(values);
      setValues(EMPTY);
      setSent(true);
    } catch {
      // The shopper keeps what they wrote.
      setFailure(NOT_SENT);
    } finally {
      setSending(false);
    }
  };

  const set = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field being fixed loses its complaint.
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  return (
    <form className="contact-form panel" method="post" action={paths.contact} noValidate onSubmit={(event) => void submit(event)}>
      <div className="contact-form__grid">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${baseId}-${field.name}`}
            label={field.label}
            name={field.name}
            type={field.type}
            required
            maxLength={field.max}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            error={errors[field.name]}
            onValue={(value) => set(field.name, value)}
          />
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${baseId}-message`}>Message</label>
        <textarea
          id={`${baseId}-message`}
          name="message"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          {...fieldAria({ id: `${baseId}-message`, error: errors.message })}
          onChange={(event) => set('message', event.target.value)}
        />
        <FieldNotes id={`${baseId}-message`} error={errors.message} />
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
      <FormStatus failure={failure} done={sent ? 'Thank you! Your message was sent.' : ''} />
    </form>
  );
}

/** Only the form's own fields, as text. */
function pick(record: Record<string, string> | undefined): Partial<Record<Field, string>> {
  if (!record) return {};
  return Object.fromEntries(Object.keys(EMPTY).flatMap((name) => (typeof record[name] === 'string' ? [[name, record[name]]] : []))) as Partial<Record<Field, string>>;
}
