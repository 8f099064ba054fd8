import type { DeliveryArea, OrderQuote } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { DiscountCodeTextSchema, townsOfArea } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import './delivery-and-discount.css';

interface DeliveryAndDiscountProps {
  areas: DeliveryArea[] | null;
  /** The area the quote priced (the default area until the shopper picks one). */
  areaId: string | undefined;
  quote: OrderQuote | null;
  // The handlers, code and disabled are left out by the server's page for a browser without scripts: its form post
  // carries the area chosen, and it takes no code.
  onAreaChange?: (id: string) => void;
  /** The code sent with the quote, if any. */
  code?: string;
  onCodeChange?: (code: string | undefined) => void;
  disabled?: boolean;
  /** The checkout form's id: the area choice is sent with it (a page without scripts posts it to the server). */
  formId?: string;
  /** False on the server's page for a browser without scripts, which does not take codes. */
  withCode?: boolean;
}

/**
 * The shopper picks a delivery area and may enter a discount code; the server's quote follows at once (the
 * summary shows the area's cost and the saving, or why the code gives none).
 */
export function DeliveryAndDiscount({
  areas,
  areaId,
  quote,
  onAreaChange,
  code,
  onCodeChange,
  disabled = false,
  formId,
  withCode = true,
}: DeliveryAndDiscountProps) {
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
    onCodeChange?.(parsed.data);
  };
  const remove = () => {
    setTyped('');
    setTypedProblem(null);
    onCodeChange?.(undefined);
  };

  const problem = typedProblem ?? (code && quote && !quote.discount ? quote.discountProblem : null);
  const saving = code && quote?.discount ? quote.discount : null;

  return (
    <div className="delivery-discount">
      {/* One choice per line, in full (a select cut the longer ones off on a phone), with the towns each area serves. */}
      <fieldset className="delivery-areas" disabled={disabled || !areas} aria-busy={!areas}>
        <legend className="delivery-areas__legend">Delivery area</legend>
        {!areas && <p className="delivery-areas__loading">Loading delivery areas…</p>}
        {areas?.map((area) => {
          const towns = townsOfArea(area.name);
          const townsId = `${areaField}-${area._id}-towns`;
          return (
            <label key={area._id} className="delivery-areas__choice">
              <input
                type="radio"
                name="deliveryArea"
                form={formId}
                value={area._id}
                checked={areaId === area._id}
                aria-describedby={towns.length > 0 ? townsId : undefined}
                onChange={() => onAreaChange?.(area._id)}
              />
              <span className="delivery-areas__text">
                <span className="delivery-areas__name">{area.name}</span>
                <span className="delivery-areas__meta">
                  {area.cost === 0 ? 'Free' : formatTTD(area.cost)} · {area.estimatedDays}
                </span>
                {towns.length > 0 && (
                  // Not part of the choice's name (read as its description instead).
                  <span id={townsId} className="delivery-areas__towns" aria-hidden="true">
                    {towns.join(', ')}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      {withCode && (
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
      )}
    </div>
  );
}
