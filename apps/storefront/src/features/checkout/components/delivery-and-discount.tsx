import type { DeliveryArea, OrderQuote } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { DiscountCodeTextSchema } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import './delivery-and-discount.css';

interface DeliveryAndDiscountProps {
  areas: DeliveryArea[] | null;
  /** The area the quote priced (the default area until the shopper picks one). */
  areaId: string | undefined;
  onAreaChange: (id: string) => void;
  /** The code sent with the quote, if any. */
  code: string | undefined;
  onCodeChange: (code: string | undefined) => void;
  quote: OrderQuote | null;
  disabled: boolean;
}

/**
 * The shopper picks a delivery area and may enter a discount code; the server's quote follows at once (the
 * summary shows the area's cost and the saving, or why the code gives none).
 */
export function DeliveryAndDiscount({ areas, areaId, onAreaChange, code, onCodeChange, quote, disabled }: DeliveryAndDiscountProps) {
  const areaField = useId();
  const codeField = useId();
  const codeHint = useId();
  const [typed, setTyped] = useState(code ?? '');
  const [typedProblem, setTypedProblem] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DiscountCodeTextSchema.safeParse(typed);
    if (!parsed.success) {
      setTypedProblem(parsed.error.issues[0]?.message ?? 'Discount code is not valid');
      return;
    }
    setTypedProblem(null);
    onCodeChange(parsed.data);
  };
  const remove = () => {
    setTyped('');
    setTypedProblem(null);
    onCodeChange(undefined);
  };

  const problem = typedProblem ?? (code && quote && !quote.discount ? quote.discountProblem : null);
  const saving = code && quote?.discount ? quote.discount : null;

  return (
    <div className="delivery-discount">
      <div className="delivery-discount__field">
        <label htmlFor={areaField}>Delivery area</label>
        <select
          id={areaField}
          value={areaId ?? ''}
          disabled={disabled || !areas}
          onChange={(event) => onAreaChange(event.target.value)}
        >
          {!areas && <option value="">Loading delivery areas…</option>}
          {areas?.map((area) => (
            <option key={area._id} value={area._id}>
              {area.name}: {area.cost === 0 ? 'free' : formatTTD(area.cost)} ({area.estimatedDays})
            </option>
          ))}
        </select>
      </div>
      <form className="delivery-discount__field" onSubmit={apply}>
        <label htmlFor={codeField}>Discount code</label>
        <div className="delivery-discount__code">
          <input
            id={codeField}
            name="discountCode"
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={codeHint}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={disabled || typed.trim() === ''}>
            Apply
          </button>
          {code && (
            <button type="button" className="button button--secondary" disabled={disabled} onClick={remove}>
              Remove
            </button>
          )}
        </div>
        <p id={codeHint} className={problem ? 'delivery-discount__problem' : 'delivery-discount__saving'} role="status">
          {problem ?? (saving ? `${saving.code} applied: you save ${formatTTD(saving.amount)}` : '')}
        </p>
      </form>
    </div>
  );
}
