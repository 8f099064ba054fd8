import { errorMessage } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsPatch } from '@shop/rules';
import { toast } from '@shop/web-ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { SettingsTextField } from './settings-text-field';
import { type EditableSection, SECTION_FIELDS, type SettingsErrors, type SettingsField, type SettingsValues, toPatch, toValues } from './settings-values';

type Status = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/** What a section's fields are drawn with: its values, their setters and errors, and a text field. */
export interface SectionFields {
  values: SettingsValues;
  errors: SettingsErrors;
  set: (field: SettingsField) => (value: string) => void;
  field: (name: SettingsField, label: string, extra?: Partial<Parameters<typeof SettingsTextField>[0]>) => ReactNode;
}

interface SettingsSectionProps {
  title: string;
  /** The record's sections this part of the form saves (one, or two saved together). */
  sections: readonly EditableSection[];
  /** The record as last loaded. */
  settings: SiteSettings;
  /** Sends these sections only; answers the record as the server now holds it. */
  onSave: (patch: SiteSettingsPatch) => Promise<SiteSettings>;
  children: (fields: SectionFields) => ReactNode;
}

function pick(values: SettingsValues, fields: readonly SettingsField[]): Partial<SettingsValues> {
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

/**
 * One section of Site Settings (issue 26): its own form, Save button and message. It sends only its own sections,
 * so it cannot write another with what the screen loaded earlier, and a save elsewhere leaves its unsaved edits as
 * they are. When the record is loaded again, a section without unsaved edits shows the server's values.
 */
export function SettingsSection({ title, sections, settings, onSave, children }: SettingsSectionProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fields = sections.flatMap((section) => SECTION_FIELDS[section]);
  const [values, setValues] = useState<SettingsValues>(() => toValues(settings));
  const [baseline, setBaseline] = useState(() => pick(toValues(settings), fields));
  const [loadedFrom, setLoadedFrom] = useState(settings);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const dirty = fields.some((f) => values[f] !== baseline[f]);

  // A new load of the record: taken up where nothing is being edited (adjusted while rendering, not in an effect).
  if (loadedFrom !== settings) {
    setLoadedFrom(settings);
    if (!dirty) {
      const fresh = pick(toValues(settings), fields);
      setBaseline(fresh);
      setValues((v) => ({ ...v, ...fresh }));
    }
  }

  const set = (field: SettingsField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (status.state === 'saved') setStatus({ state: 'idle' });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = toPatch(values, sections);
    if (!result.ok) {
      const count = Object.values(result.errors).filter(Boolean).length;
      setErrors(result.errors);
      setStatus({ state: 'idle' });
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
    setStatus({ state: 'saving' });
    try {
      const saved = await onSave(result.patch);
      const fresh = pick(toValues(saved), fields);
      setBaseline(fresh);
      setValues((v) => ({ ...v, ...fresh }));
      setStatus({ state: 'saved' });
      toast('Settings saved successfully');
    } catch (caught) {
      setStatus({ state: 'failed', message: errorMessage(caught) });
    }
  }

  const field: SectionFields['field'] = (name, label, extra = {}) => (
    <SettingsTextField label={label} value={values[name]} onChange={set(name)} error={errors[name]} {...extra} />
  );

  return (
    <form ref={formRef} className="settings-section card" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <fieldset className="settings-section__fieldset">
        <legend className="settings-section__title">
          <h2 id={`${id}-title`} className="settings-section__heading">
            {title}
          </h2>
        </legend>
        {summary && (
          <p className="settings-form__summary" role="alert">
            {summary}
          </p>
        )}
        {children({ values, errors, set, field })}
      </fieldset>
      <div className="settings-section__actions">
        <button type="submit" className="button" disabled={status.state === 'saving'}>
          Save<span className="visually-hidden"> {title}</span>
        </button>
        {status.state === 'failed' ? (
          <p className="settings-section__feedback settings-section__feedback--error" role="alert">
            Not saved: {status.message}
          </p>
        ) : (
          <p className="settings-section__feedback" role="status">
            {status.state === 'saving' ? 'Saving…' : dirty ? 'Unsaved changes.' : status.state === 'saved' ? `${title} saved.` : ''}
          </p>
        )}
      </div>
    </form>
  );
}
