import { sendContactMessage } from '@shop/api-client';
import { CONTACT_LIMITS } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import './contact-form.css';

const EMPTY = { firstName: '', lastName: '', email: '', tel: '', message: '' };
type Field = keyof typeof EMPTY;

const FIELDS: { name: Field; label: string; type: string; autoComplete: string; max: number }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', max: CONTACT_LIMITS.name },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', max: CONTACT_LIMITS.name },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', max: CONTACT_LIMITS.email },
  { name: 'tel', label: 'Phone', type: 'tel', autoComplete: 'tel', max: CONTACT_LIMITS.tel },
];

/**
 * 'Send Us Feedback' (spec sections 5 and 7): every field required, email and phone checked by the browser.
 * On success the form is cleared; a failure is not shown (spec section 8) and the text stays for another try.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const baseId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setSent(false);
    try {
      await sendContactMessage(values);
      setValues(EMPTY);
      setSent(true);
    } catch {
      // Swallowed on purpose (spec section 8): the shopper keeps what they wrote.
    } finally {
      setSending(false);
    }
  };

  const set = (name: Field, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <form className="contact-form" onSubmit={(event) => void submit(event)}>
      <div className="contact-form__grid">
        {FIELDS.map((field) => (
          <div key={field.name} className="field">
            <label htmlFor={`${baseId}-${field.name}`}>{field.label}</label>
            <input
              id={`${baseId}-${field.name}`}
              type={field.type}
              required
              maxLength={field.max}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => set(field.name, event.target.value)}
            />
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${baseId}-message`}>Message</label>
        <textarea
          id={`${baseId}-message`}
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(event) => set('message', event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending…' : 'Send'}
      </button>
      <p role="status" className="contact-form__status">
        {sent ? 'Thank you! Your message was sent.' : ''}
      </p>
    </form>
  );
}
