import { adminCreateDeliveryArea, adminUpdateDeliveryArea } from '@shop/api-client';
import type { DeliveryArea } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { type DeliveryAreaInput, DeliveryAreaInputSchema } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '@shop/web-ui';
import './delivery-areas.css';
import { TextField } from '../../../components/ui/text-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { useTask } from '../../../lib/use-task';

interface AreaValues {
  name: string;
  cost: string;
  estimatedDays: string;
  active: boolean;
}

const EMPTY: AreaValues = { name: '', cost: '', estimatedDays: '', active: true };

function valuesOf(area: DeliveryArea): AreaValues {
  return { name: area.name, cost: area.cost.toFixed(2), estimatedDays: area.estimatedDays, active: area.active };
}

/** The form's text as the API's input, checked with the shared rules: the input or the first problem. */
function parse(values: AreaValues): { input: DeliveryAreaInput } | { problem: string } {
  const cost = values.cost.trim() === '' ? Number.NaN : Number(values.cost.replace(/,/g, ''));
  // Not rounded: a cost with more than two decimals gets the rule's message rather than a silent change.
  const parsed = DeliveryAreaInputSchema.safeParse({ ...values, cost: Number.isNaN(cost) ? values.cost : cost });
  return parsed.success ? { input: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'Please check the area' };
}

/** One area's fields: name, cost, estimated days, active. */
function AreaForm({
  title,
  initial,
  isDefault,
  submitLabel,
  onSave,
}: {
  title: string;
  initial: AreaValues;
  isDefault: boolean;
  submitLabel: string;
  onSave: (input: DeliveryAreaInput) => Promise<boolean>;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const { busy: saving, error: problem, setError: setProblem, run } = useTask();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parse(values);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    await run(async () => {
      if (await onSave(result.input)) setValues(initial === EMPTY ? EMPTY : values);
    });
  };

  return (
    <form className="area-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 className="area-form__title" id={`${id}-title`}>
        {title}
        {isDefault && <span className="area-form__badge"> (default: the delivery cost)</span>}
      </h3>
      <div className="area-form__fields">
        <TextField id={`${id}-name`} label="Area name" value={values.name} maxLength={60} onValue={(value) => setValues({ ...values, name: value })} />
        <TextField id={`${id}-cost`} label="Cost (TT$)" inputMode="decimal" value={values.cost} onValue={(value) => setValues({ ...values, cost: value })} />
        <TextField
          id={`${id}-days`}
          label="Estimated days"
          value={values.estimatedDays}
          maxLength={60}
          onValue={(value) => setValues({ ...values, estimatedDays: value })}
        />
        <div className="check-field area-form__check">
          <input
            id={`${id}-active`}
            type="checkbox"
            checked={values.active}
            disabled={isDefault}
            aria-describedby={isDefault ? `${id}-active-hint` : undefined}
            onChange={(e) => setValues({ ...values, active: e.target.checked })}
          />
          <label htmlFor={`${id}-active`}>Active (shoppers can pick it)</label>
          {isDefault && (
            <span id={`${id}-active-hint`} className="visually-hidden">
              The default area is always active
            </span>
          )}
        </div>
      </div>
      <FormAlert message={problem} />
      <button type="submit" className="button button--secondary" disabled={saving}>
        {saving ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

/**
 * Delivery areas in Site Settings: each area's name, cost, estimated days and whether shoppers can pick it, and a
 * form to add one. The default area's cost is the shop's delivery cost. Orders keep the area they were placed with.
 */
export function DeliveryAreasSection({ areas, onChanged }: { areas: DeliveryArea[]; onChanged: () => void }) {
  const [added, setAdded] = useState(0);
  return (
    <Section id="delivery-areas-title" className="settings-section card delivery-areas" titleClassName="settings-section__heading" title="Delivery Areas">
      <p className="field__hint">
        Shoppers pick an area at checkout. Orders already placed keep the area, days and cost they were placed with.
      </p>
      <ul className="delivery-areas__list">
        {areas.map((area) => (
          <li key={`${area._id}:${area.name}:${area.cost}:${area.estimatedDays}:${String(area.active)}`}>
            <AreaForm
              title={`${area.name}: ${formatTTD(area.cost)}${area.active ? '' : ' (off)'}`}
              initial={valuesOf(area)}
              isDefault={area.isDefault}
              submitLabel={`Save ${area.name}`}
              onSave={async (input) => {
                await adminUpdateDeliveryArea(area._id, input);
                toast(`Delivery area ${input.name} saved`);
                onChanged();
                return true;
              }}
            />
          </li>
        ))}
      </ul>
      <AreaForm
        key={added}
        title="Add a delivery area"
        initial={EMPTY}
        isDefault={false}
        submitLabel="Add Delivery Area"
        onSave={async (input) => {
          await adminCreateDeliveryArea(input);
          toast(`Delivery area ${input.name} added`);
          setAdded((n) => n + 1);
          onChanged();
          return true;
        }}
      />
    </Section>
  );
}
