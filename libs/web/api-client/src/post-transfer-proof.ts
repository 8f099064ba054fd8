import { ORDER_LINK_HEADER, TRANSFER_PROOF_FIELD, type TransferProof } from '@shop/contracts';
import { sendForm, visitorHeaders } from './api-client';

export interface PostTransferProofOptions {
  visitorId?: string;
  /** The key of the order's signed mail link (`?k=`), when the page was opened from it. */
  link?: string;
}

/** What the shop answers to a proof it took: the thank-you and the order's proofs now. */
export interface TransferProofAnswer {
  message: string;
  proofs: TransferProof[];
}

/** Sends a photo or PDF of the transfer for a bank-transfer order (`POST /api/orders/{id}/transfer-proofs`; issue 29). */
export function postTransferProof(id: string, file: Blob, options: PostTransferProofOptions = {}): Promise<TransferProofAnswer> {
  const body = new FormData();
  body.append(TRANSFER_PROOF_FIELD, file);
  const headers = { ...visitorHeaders(options.visitorId), ...(options.link ? { [ORDER_LINK_HEADER]: options.link } : {}) };
  return sendForm<TransferProofAnswer>(`orders/${encodeURIComponent(id)}/transfer-proofs`, body, { headers });
}
