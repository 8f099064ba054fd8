import { errorMessage, postTransferProof } from '@shop/api-client';
import { type Order, TRANSFER_PROOF_ACCEPT, TRANSFER_PROOF_FIELD, TRANSFER_PROOF_LIMIT, TransferProofMessage, type TransferProof } from '@shop/contracts';
import { ErrorPanel } from '@shop/web-ui';
import { type FormEvent, useState } from 'react';
import { getVisitorId } from '../../../lib/visitor-id';
import { transferProofAction } from '../transfer-proof-outcome';
import { formatOrderTime } from './order-details';
import './transfer-proof-form.css';

interface TransferProofFormProps {
  order: Order;
  /** The page's own path (`/checkoutTransfer/{id}`, `/tracking/{id}`): the plain form posts to it plus `/proof`. */
  pagePath: string;
  /** The key of the order's signed mail link, when the page was opened from it. */
  link?: string;
  /** What the server said of a proof posted without scripts: taken, or why not. */
  outcome?: { sent: true } | { refused: string } | null;
}

/**
 * Issue 29: "Upload proof of transfer" on a bank-transfer order waiting for its transfer, for the order's shopper
 * (the only viewer who gets its `transferProofs`). A plain multipart form the storefront's server answers; with
 * scripts, sent straight to the API and answered in place. Only the shop opens the files.
 */
export function TransferProofForm({ order, pagePath, link, outcome }: TransferProofFormProps) {
  const [proofs, setProofs] = useState<TransferProof[]>(order.transferProofs ?? []);
  const [said, setSaid] = useState<{ sent: true } | { refused: string } | null>(outcome ?? null);
  const [busy, setBusy] = useState(false);
  if (order.paymentMethod !== 'bank_transfer' || order.state !== 'awaiting_transfer' || !order.transferProofs) return null;
  const full = proofs.length >= TRANSFER_PROOF_LIMIT;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get(TRANSFER_PROOF_FIELD);
    if (!(file instanceof Blob) || file.size === 0) {
      setSaid({ refused: TransferProofMessage.Empty });
      return;
    }
    const form = event.currentTarget;
    setBusy(true);
    try {
      const answer = await postTransferProof(order._id, file, { visitorId: getVisitorId(), link });
      setProofs(answer.proofs);
      setSaid({ sent: true });
      form.reset();
    } catch (error) {
      setSaid({ refused: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="order-details__block panel transfer-proof" aria-labelledby="transfer-proof-title">
      <h2 id="transfer-proof-title">Upload proof of transfer</h2>
      <p>
        Made the transfer? Send a photo or screenshot (JPEG, PNG or WebP) or a PDF of the receipt, so the shop can match it. Only the shop can see
        it. You can send up to {TRANSFER_PROOF_LIMIT} files.
      </p>
      {said && 'sent' in said && (
        <p className="transfer-proof__sent" role="status">
          {TransferProofMessage.Received}
        </p>
      )}
      {said && 'refused' in said && <ErrorPanel message={said.refused} />}
      {proofs.length > 0 && (
        <ul className="transfer-proof__list" aria-label="Proofs sent">
          {proofs.map((proof) => (
            <li key={proof.id}>
              {proof.kind === 'pdf' ? 'PDF' : 'Photo'} received {formatOrderTime(proof.uploadedAt)}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p>{TransferProofMessage.Limit}</p>
      ) : (
        <form method="post" action={transferProofAction(pagePath, link)} encType="multipart/form-data" onSubmit={(event) => void send(event)}>
          <div className="field">
            <label htmlFor="transfer-proof-file">Photo or PDF of your transfer</label>
            <input id="transfer-proof-file" name={TRANSFER_PROOF_FIELD} type="file" accept={TRANSFER_PROOF_ACCEPT} required />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send Proof'}
          </button>
        </form>
      )}
    </section>
  );
}
