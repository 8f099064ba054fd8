import { adminTransferProofUrl } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatShopTime } from '@shop/web-ui';
import { env } from '../../../config/env';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Issue 29: the proofs of transfer the shopper uploaded, each with the time it came, so the owner can check one
 * against the bank before marking the order paid. The files have no public address: the owner's session opens them
 * (a photo shown small and opened whole by a tap, a PDF downloaded).
 */
export function TransferProofs({ order }: { order: Order }) {
  const proofs = order.transferProofs;
  if (order.paymentMethod !== 'bank_transfer' || !proofs) return null;
  if (proofs.length === 0 && order.state !== 'awaiting_transfer') return null;
  return (
    <section className="order-section card transfer-proofs" aria-labelledby="transfer-proofs-title">
      <h2 className="order-section__title" id="transfer-proofs-title">
        Proof of transfer
      </h2>
      {proofs.length === 0 ? (
        <p className="order-actions__hint">The shopper has not uploaded a proof yet. They can from the order&apos;s page, or send one on WhatsApp.</p>
      ) : (
        <ul className="transfer-proofs__list">
          {proofs.map((proof, index) => {
            const label = `Proof ${index + 1}: ${proof.kind === 'pdf' ? 'PDF' : 'photo'}, uploaded ${formatShopTime(proof.uploadedAt)}`;
            const url = adminTransferProofUrl(order._id, proof.id, env.apiUrl);
            return (
              <li key={proof.id} className="transfer-proofs__item">
                <p className="transfer-proofs__meta">
                  {label} · {sizeText(proof.sizeBytes)}
                </p>
                {proof.kind === 'pdf' ? (
                  <a className="button button--secondary" href={url} download={`${order.orderNumber}-proof-of-transfer-${index + 1}.pdf`}>
                    Download PDF
                  </a>
                ) : (
                  <a href={url} target="_blank" rel="noreferrer" className="transfer-proofs__photo">
                    <img src={url} alt={label} />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
