import { adminRecordCardPayment } from '@shop/api-client';
import { CardPaymentBodySchema, type Order, shopToday } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { parseMoneyInput } from '../../../lib/money-input';
import { useOrderMove } from '../hooks/use-order-move';

interface RecordCardPaymentProps {
  order: Order;
  onUpdated: (order: Order) => void;
}

/**
 * Issue 29: the owner records a card payment WiPay's dashboard shows for an unpaid card order whose redirect never
 * came (the shopper paid and closed the tab). Shown when the lifecycle allows it; the server checks the amount and
 * that the transaction id was not used before, and says why when it refuses.
 */
export function RecordCardPayment({ order, onUpdated }: RecordCardPaymentProps) {
  const { busy, refusal, run } = useOrderMove(onUpdated);
  const [invalid, setInvalid] = useState<string | null>(null);
  if (!(order.actions ?? []).includes('record_card_payment')) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = CardPaymentBodySchema.safeParse({
      transactionId: String(form.get('transactionId') ?? ''),
      amount: parseMoneyInput(String(form.get('amount') ?? '')),
      date: String(form.get('date') ?? ''),
    });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the fields'));
    if (parsed.success) void run(() => adminRecordCardPayment(order._id, parsed.data), 'Card Payment Recorded');
  }

  return (
    <section className="order-section card order-actions" aria-labelledby="record-card-payment-title">
      <h2 className="order-section__title" id="record-card-payment-title">
        Record a card payment
      </h2>
      <p className="order-actions__hint">
        WiPay shows this order paid but the shop never heard back? Enter WiPay&apos;s transaction id, the amount ({formatTTD(order.totalPrice)}) and
        the date.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField id="card-payment-transaction" name="transactionId" label="WiPay transaction id" autoComplete="off" required />
        <TextField id="card-payment-amount" name="amount" label="Amount (TT$)" inputMode="decimal" defaultValue={order.totalPrice.toFixed(2)} required />
        <TextField id="card-payment-date" name="date" label="Date paid" type="date" defaultValue={shopToday()} required />
        <FormAlert message={invalid ?? refusal} />
        <button type="submit" className="button" disabled={busy}>
          Record Card Payment
        </button>
      </form>
    </section>
  );
}
