import type { DeliveryStatus, Order } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { currentStateText, deliveryChoices } from '../utils/order-state';

interface DeliveryStatusFormProps {
  order: Order;
  busy: boolean;
  onSubmit: (status: DeliveryStatus) => void;
  /** Told when the owner picks another status, so an old result can go. */
  onChange?: () => void;
}

/**
 * The 'Delivered?' select and 'Update Order' (spec section 2); the first choice depends on how the order is paid.
 * It opens on the order's real status; the parent remounts it (a new key) after a refusal, so it shows that
 * status again rather than the value the server refused.
 */
export function DeliveryStatusForm({ order, busy, onSubmit, onChange }: DeliveryStatusFormProps) {
  const id = useId();
  const choices = deliveryChoices(order);
  const current = choices.find((choice) => choice.status === order.deliveryStatus);
  const [status, setStatus] = useState<DeliveryStatus>(current?.status ?? choices[0].status);

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
          aria-describedby={`${id}-now`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DeliveryStatus);
            onChange?.();
          }}
        >
          {choices.map((choice) => (
            <option key={choice.status} value={choice.status} disabled={!choice.allowed}>
              {choice.allowed ? choice.status : `${choice.status} (once paid)`}
            </option>
          ))}
        </select>
        <p id={`${id}-now`} className="field__hint">
          {currentStateText(order)}
        </p>
      </div>
      <button type="submit" className="button" disabled={busy}>
        Update Order
      </button>
    </form>
  );
}
