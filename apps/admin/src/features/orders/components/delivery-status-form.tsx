import type { DeliveryStatus } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { deliveryChoices } from '../utils/order-state';

interface DeliveryStatusFormProps {
  inPerson: boolean;
  current: DeliveryStatus;
  busy: boolean;
  onSubmit: (status: DeliveryStatus) => void;
  /** Told when the owner picks another status, so an old result can go. */
  onChange?: () => void;
}

/** The 'Delivered?' select and 'Update Order' (spec section 2); the first choice depends on how the order is paid. */
export function DeliveryStatusForm({ inPerson, current, busy, onSubmit, onChange }: DeliveryStatusFormProps) {
  const id = useId();
  const choices = deliveryChoices(inPerson);
  const [status, setStatus] = useState<DeliveryStatus>(choices.includes(current) ? current : choices[0]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(status);
  }

  return (
    <form className="order-section card delivery-form" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Delivered?
        </label>
        <select
          id={`${id}-status`}
          className="field__input"
          required
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DeliveryStatus);
            onChange?.();
          }}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={busy}>
        Update Order
      </button>
    </form>
  );
}
