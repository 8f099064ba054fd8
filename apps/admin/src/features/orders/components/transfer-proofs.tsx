import { adminGetTransferProof, errorMessage } from '@shop/api-client';
import type { Order, TransferProof } from '@shop/contracts';
import { downloadBlob, formatShopTime } from '@shop/web-ui';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A photo of the transfer: loaded in the session (never a public address), shown small, opened whole in a new tab. */
function ProofPhoto({ orderId, proof, label }: { orderId: string; proof: TransferProof; label: string }) {
  const [state, setState] = useState<{ url: string | null; error: string | null }>({ url: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    adminGetTransferProof(orderId, proof.id, { signal: controller.signal }).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ url: null, error: errorMessage(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [orderId, proof.id]);
  if (state.error) return <FormAlert message={state.error} />;
  if (!state.url) return <span className="transfer-proofs__loading">Loading the photo…</span>;
  return (
    <a href={state.url} target="_blank" rel="noreferrer" className="transfer-proofs__photo">
      <img src={state.url} alt={label} />
    </a>
  );
}

/** A PDF of the transfer: downloaded on demand. */
function ProofPdf({ orderId, proof, orderNumber }: { orderId: string; proof: TransferProof; orderNumber: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      downloadBlob(await adminGetTransferProof(orderId, proof.id), `${orderNumber}-proof-of-transfer.pdf`);
      setState({ busy: false, error: null });
    } catch (caught) {
      setState({ busy: false, error: errorMessage(caught) });
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" disabled={state.busy} onClick={() => void download()}>
        {state.busy ? 'Downloading…' : 'Download PDF'}
      </button>
      <FormAlert message={state.error} />
    </>
  );
}

/**
 * Issue 29: the proofs of transfer the shopper uploaded, each with the time it came, so the owner can check one
 * against the bank before marking the order paid. Only the owner's session opens the files.
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
            return (
              <li key={proof.id} className="transfer-proofs__item">
                <p className="transfer-proofs__meta">
                  {label} · {sizeText(proof.sizeBytes)}
                </p>
                {proof.kind === 'pdf' ? (
                  <ProofPdf orderId={order._id} proof={proof} orderNumber={order.orderNumber} />
                ) : (
                  <ProofPhoto orderId={order._id} proof={proof} label={label} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
