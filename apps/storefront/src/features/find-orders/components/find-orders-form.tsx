import { checkOrderCode, requestOrderCode } from '@shop/api-client';
import { orderLookupFieldErrors } from '@shop/rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { paths } from '../../../config/paths';
import './find-orders-form.css';

const NOT_SENT = 'The code could not be sent just now. Please try again in a moment.';
const NOT_CHECKED = 'The code could not be checked just now. Please try again in a moment.';

/** A form the storefront's server was posted without scripts: what was typed, which step, and what it said. */
export interface FindOrdersSubmission {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

interface FindOrdersFormProps {
  submission: FindOrdersSubmission | null;
  /** Called once a right code gave this browser the orders (the page then loads them). */
  onFound: () => void;
  /** The shop's "Ask on WhatsApp" link for a code that does not arrive, given the contact typed (none without a number). */
  askOnWhatsApp: (contact: string) => ReactNode;
}

/**
 * "Find my orders" (issue 29): the e-mail or phone she ordered with, then the 6-digit code from the mail. Two real
 * forms: without scripts the storefront's server answers them (server/tracking-post.ts), the app sends them in place.
 */
export function FindOrdersForm({ submission, onFound, askOnWhatsApp }: FindOrdersFormProps) {
  const [step, setStep] = useState<'contact' | 'code'>(submission?.values['step'] === 'code' ? 'code' : 'contact');
  const [contact, setContact] = useState(submission?.values['contact'] ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>(submission?.errors ?? {});
  const [message, setMessage] = useState(submission?.message ?? '');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const problems = orderLookupFieldErrors({ contact }, false);
    setErrors(problems);
    setMessage('');
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      setMessage((await requestOrderCode({ contact })).message);
      setCode('');
      setStep('code');
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : NOT_SENT);
    } finally {
      setBusy(false);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const problems = orderLookupFieldErrors({ contact, code }, true);
    setErrors(problems);
    setMessage('');
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      setMessage((await checkOrderCode({ contact, code })).message);
      setStep('contact');
      setCode('');
      onFound();
    } catch (error) {
      setMessage(error instanceof Error && error.message ? error.message : NOT_CHECKED);
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="find-orders__error">
        {errors[name]}
      </p>
    ) : null;
  const status = (
    <p role="status" className="find-orders__status">
      {message}
    </p>
  );

  if (step === 'code') {
    return (
      <form className="find-orders__form" method="post" action={paths.trackingCode} noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void check(event)}>
        <h2 id={`${id}-title`} className="find-orders__title">
          Enter your code
        </h2>
        {status}
        <input type="hidden" name="contact" value={contact} />
        <div className="field">
          <label htmlFor={`${id}-code`}>6-digit code</label>
          <input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            required
            value={code}
            aria-invalid={errors['code'] ? true : undefined}
            aria-describedby={errors['code'] ? `${id}-code-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          {errorOf('code')}
        </div>
        <div className="find-orders__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Checking…' : 'Show my orders'}
          </button>
          <a
            href={paths.tracking}
            onClick={(event) => {
              event.preventDefault();
              setStep('contact');
              setMessage('');
              setErrors({});
            }}
          >
            Use another e-mail or phone
          </a>
        </div>
        {askOnWhatsApp(contact)}
      </form>
    );
  }

  return (
    <form className="find-orders__form" method="post" action={paths.tracking} noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void ask(event)}>
      <h2 id={`${id}-title`} className="find-orders__title">
        Find my orders
      </h2>
      <p className="find-orders__intro">Ordered on another phone or browser? We will e-mail you a code to see your orders here.</p>
      {status}
      <div className="field">
        <label htmlFor={`${id}-contact`}>E-mail or phone number you ordered with</label>
        <input
          id={`${id}-contact`}
          name="contact"
          type="text"
          autoComplete="email"
          maxLength={200}
          required
          value={contact}
          aria-invalid={errors['contact'] ? true : undefined}
          aria-describedby={errors['contact'] ? `${id}-contact-error` : undefined}
          onChange={(event) => setContact(event.target.value)}
        />
        {errorOf('contact')}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'E-mail me a code'}
      </button>
    </form>
  );
}

/** The text of the WhatsApp message for a code that did not arrive. */
export function missingCodeText(contact: string): string {
  return `Hi! I asked for a code to find my orders (${contact}) and it has not arrived. Can you help?`;
}

