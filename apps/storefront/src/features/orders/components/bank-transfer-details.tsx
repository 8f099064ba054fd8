import { bankAccountLine, type Order, transferInstructions, transferProofText } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { AskOnWhatsApp } from '../../whatsapp/ask-on-whatsapp';

/**
 * Issue 29: how to pay a bank-transfer order still held for its transfer: the amount, the shop's accounts, the
 * order number as the reference, the hold's end, and a WhatsApp message (prefilled) to send the proof.
 */
export function BankTransferDetails({ order }: { order: Order }) {
  if (order.paymentMethod !== 'bank_transfer' || order.state !== 'awaiting_transfer' || !order.bankTransfer) return null;
  const [intro, ...rest] = transferInstructions(order, formatTTD);
  const hold = rest.at(-1);
  return (
    <section className="order-details__block panel bank-transfer" aria-labelledby="bank-transfer-title">
      <h2 id="bank-transfer-title">Pay by Bank Transfer</h2>
      <p>{intro}</p>
      <ul className="bank-transfer__accounts">
        {order.bankTransfer.accounts.map((account) => (
          <li key={`${account.bank}-${account.accountNumber}`}>{bankAccountLine(account)}</li>
        ))}
      </ul>
      <p>
        Reference: <strong>{order.orderNumber}</strong>
      </p>
      {hold && <p>{hold}</p>}
      <p>
        <AskOnWhatsApp text={transferProofText(order, formatTTD)} label="Send proof of transfer on WhatsApp" number={order.bankTransfer.whatsapp || null} />
      </p>
    </section>
  );
}
