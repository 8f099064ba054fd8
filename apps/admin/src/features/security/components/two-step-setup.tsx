import { adminBeginTotp, adminConfirmTotp } from '@shop/api-client';
import type { SecondFactorStatus, TotpEnrolment } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useTask } from '../../../lib/use-task';

/** The secret in groups of four, as authenticator apps show keys to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Two-step sign-in with an authenticator app: where it stands, and the set-up in three steps (scan the QR code
 * or type the key, enter the code the app shows, save the recovery codes, which are shown this once).
 */
export function TwoStepSetup({ status, onChanged }: { status: SecondFactorStatus; onChanged: () => void }) {
  const headingId = useId();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const { busy, error, run } = useTask();
  const codesHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (recoveryCodes) codesHeading.current?.focus();
  }, [recoveryCodes]);

  async function begin() {
    await run(async () => setEnrolment(await adminBeginTotp()));
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      const { recoveryCodes: codes } = await adminConfirmTotp(code.replace(/\s/g, ''));
      setRecoveryCodes(codes);
      setEnrolment(null);
    });
  }

  const errorLine = <FormAlert message={error} />;

  if (recoveryCodes) {
    return (
      <section className="card security__section" aria-labelledby={headingId}>
        <h2 id={headingId} ref={codesHeading} tabIndex={-1}>
          Save your recovery codes
        </h2>
        <p className="security__done">Two-step sign-in is on.</p>
        <p>
          If you lose your phone, each of these codes signs you in once in place of the app's code. They are shown only
          now: write them down or print them, and keep them away from this computer.
        </p>
        <ol className="security__codes" aria-label="Recovery codes">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <button
          type="button"
          className="button"
          onClick={() => {
            setRecoveryCodes(null);
            onChanged();
          }}
        >
          I have saved my codes
        </button>
      </section>
    );
  }

  if (status.totp) {
    return (
      <section className="card security__section" aria-labelledby={headingId}>
        <h2 id={headingId}>Two-step sign-in</h2>
        <p className="security__done">On: signing in needs your password and the code from your authenticator app.</p>
        <p>
          {status.recoveryCodesLeft} of 10 recovery codes left. Lost your phone and your codes? The admin-user command
          on the server turns two-step sign-in off (<code>--reset-second-factor</code>) so that you can set it up again.
        </p>
      </section>
    );
  }

  if (enrolment) {
    return (
      <section className="card security__section" aria-labelledby={headingId}>
        <h2 id={headingId}>Set up two-step sign-in</h2>
        <ol className="security__steps">
          <li>
            Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS or another) and
            scan this code.
            <img className="security__qr" src={enrolment.qrCode} alt="QR code to add Island Glow Admin to an authenticator app" width={192} height={192} />
            Cannot scan it? Choose to enter a key and type: <code className="security__secret">{grouped(enrolment.secret)}</code>
          </li>
          <li>Enter the 6-digit code the app now shows for Island Glow Admin.</li>
        </ol>
        <form onSubmit={(e) => void confirm(e)} noValidate>
          {errorLine}
          <TextField
            id="totp-code"
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            value={code}
            onValue={setCode}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Checking…' : 'Turn on two-step sign-in'}
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className="card security__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Two-step sign-in</h2>
      <p>
        Off. With it on, signing in needs your password and a code from an authenticator app on your phone, so a
        password that leaks is not enough to get into the shop's admin.
      </p>
      {errorLine}
      <button type="button" className="button" disabled={busy} onClick={() => void begin()}>
        {busy ? 'Starting…' : 'Set up two-step sign-in'}
      </button>
    </section>
  );
}
