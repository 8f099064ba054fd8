import { adminUpdateOrder } from '@shop/api-client';
import { fulfilmentWord, type Order } from '@shop/contracts';
import { useOrderMove } from '../hooks/use-order-move';
import { ownerMoves } from '../utils/order-state';
import { Section } from '../../../components/ui/section';

interface OrderMovesProps {
  order: Order;
  /** What the screen says where there is no step to take (cancelled, waiting for a payment...). */
  closedText: string | null;
  onUpdated: (order: Order) => void;
  /** A tap the server refused (the order moved meanwhile): the screen reads the order again. */
  onRefused: () => void;
}

/**
 * Issue 26: one tap per move the server's lifecycle allows now ('Out for delivery', 'Delivered', 'Ready for
 * pick-up'…), in place of the select and 'Update Order'. These moves can be undone (a step back is offered), so
 * none asks for a confirm. The server decides again on each tap; a refusal is shown in its words.
 */
export function OrderMoves({ order, closedText, onUpdated, onRefused }: OrderMovesProps) {
  const { busy, refusal, run } = useOrderMove(onUpdated, onRefused);
  const moves = ownerMoves(order);
  const alert = refusal && (
    <p className="field__error" role="alert">
      {refusal}
    </p>
  );
  // A refused tap may find the order closed meanwhile (cancelled in another tab): the refusal stays in view with it.
  if (moves.length === 0) {
    if (!closedText && !alert) return null;
    return (
      <div className="order-section card">
        {closedText && <p className="order-moves__closed">{closedText}</p>}
        {alert}
      </div>
    );
  }
  const next = moves.filter((m) => m.direction === 'next');
  const back = moves.filter((m) => m.direction === 'back');
  /** One button per move, or nothing when there is none this way. */
  const buttons = (list: typeof moves, className: string, buttonClass: string) =>
    list.length > 0 && (
      <div className={className}>
        {list.map((move) => (
          <button
            key={move.action}
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => void run(() => adminUpdateOrder(order._id, move.status), 'Order Updated Successfully')}
          >
            {move.label}
          </button>
        ))}
      </div>
    );

  return (
    <Section id="order-moves-title" className="order-section card order-moves" titleClassName="order-section__title" title="Fulfilment">
      <p className="order-moves__now" role="status">
        Now: <strong>{fulfilmentWord(order)}</strong>
      </p>
      {buttons(next, 'order-moves__buttons', 'button')}
      {buttons(back, 'order-moves__buttons order-moves__buttons--back', 'button button--secondary')}
      {alert}
    </Section>
  );
}
