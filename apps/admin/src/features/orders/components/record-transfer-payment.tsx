import { adminRecordTransferPayment } from '@shop/api-client';
import { type Order, shopToday, TransferPaymentBodySchema } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { parseMoneyInput } from '../../../lib/money-input';
import { useOrderMove } from '../hooks/use-order-move';

/**
 * Issue 29: the owner marks a bank-transfer order paid once the money shows in the shop's account: the amount
 * received, the date and the bank's reference. An amount that is not the total is recorded and flagged.
 */
export function RecordTransferPayment({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const { busy, refusal, run } = useOrderMove(onUpdated);
  const [invalid, setInvalid] = useState<string | null>(null);
  if (!(order.actions ?? []).includes('record_transfer')) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = TransferPaymentBodySchema.safeParse({
      amount: parseMoneyInput(String(form.get('amount') ?? '')),
      date: String(form.get('date') ?? ''),
      reference: String(form.get('reference') ?? ''),
      note: String(form.get('note') ?? '') || undefined,
    });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the fields'));
    if (parsed.success) void run(() => adminRecordTransferPayment(order._id, parsed.data), 'Bank Transfer Recorded');
  }

  return (
    <section className="order-section card order-actions" aria-labelledby="record-transfer-title">
      <h2 className="order-section__title" id="record-transfer-title">
        Mark paid by bank transfer
      </h2>
      <p className="order-actions__hint">
        When {formatTTD(order.totalPrice)} with reference {order.orderNumber} shows in the shop&apos;s bank account, enter what the bank shows. A
        different amount is still recorded, and flagged on the order.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField id="transfer-amount" name="amount" label="Amount received (TT$)" inputMode="decimal" defaultValue={order.totalPrice.toFixed(2)} required />
        <TextField id="transfer-date" name="date" label="Date received" type="date" defaultValue={shopToday()} required />
        <TextField id="transfer-reference" name="reference" label="Bank reference" autoComplete="off" required />
        <TextField id="transfer-note" name="note" label="Note (optional)" autoComplete="off" />
        <FormAlert message={invalid ?? refusal} />
        <button type="submit" className="button" disabled={busy}>
          Mark Paid
        </button>
      </form>
    </section>
  );
}
