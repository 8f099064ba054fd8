import { z } from 'zod';
import type { TransferProof } from './bank-transfer-details';

/**
 * Issue 29: the shopper uploads a photo or PDF of her transfer from the order's page. The file goes through the same
 * checks as the owner's image uploads (content sniffed, UPLOAD_MAX_BYTES, images re-encoded without metadata), is kept
 * where no public address reaches it, and only the owner opens it.
 */

/** The multipart field the proof is sent in (`POST /api/orders/{id}/transfer-proofs`). */
export const TRANSFER_PROOF_FIELD = 'proof';

/** At most this many proofs per order: enough for a receipt sent again, not a file store. */
export const TRANSFER_PROOF_LIMIT = 5;

/** The `accept` of the file picker: what the server takes (it checks the content, not this). */
export const TRANSFER_PROOF_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** What the shopper reads about a proof (the storefront's page and the API's answers). */
export const TransferProofMessage = {
  Received: 'Thank you: your proof of transfer was received. The shop will check it and confirm your payment.',
  Empty: 'Choose a photo or PDF of your transfer first.',
  Limit: `This order already has ${TRANSFER_PROOF_LIMIT} proofs of transfer, the most it can take. Please send any other on WhatsApp.`,
  Closed: 'This order is no longer waiting for a bank transfer, so no proof can be added.',
  NotYours: "You can only send a proof for your own order: open it from the browser you ordered in, or from your mail's link.",
  NotSent: 'The proof could not be sent just now. Please try again in a moment.',
} as const;

/** The timeline's note under "Proof of transfer uploaded": what came in ('A photo, 120 KB'). */
export function transferProofNote(proof: Pick<TransferProof, 'kind' | 'sizeBytes'>): string {
  const size = proof.sizeBytes >= 1024 * 1024 ? `${(proof.sizeBytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(proof.sizeBytes / 1024))} KB`;
  return `${proof.kind === 'pdf' ? 'A PDF' : 'A photo'}, ${size}`;
}

/** Who asks, as the gateway checked it (the same authority that shows the order whole: GetOrderRequest's fields). */
const ViewerFields = {
  id: z.string(),
  visitorId: z.string().optional(),
  viewerEmail: z.string().max(200).optional(),
  signedLink: z.boolean().optional(),
};

/** `order.transfer-proofs.admit`: may this viewer add a proof to this order now (before the file is read)? */
export const AdmitTransferProofRequestSchema = z.object(ViewerFields);
export type AdmitTransferProofRequest = z.input<typeof AdmitTransferProofRequestSchema>;

/** `order.transfer-proofs.add`: the file the gateway checked and stored privately under `key`. */
export const AddTransferProofRequestSchema = z.object({
  ...ViewerFields,
  key: z.string().min(1).max(200),
  kind: z.enum(['image', 'pdf']),
  contentType: z.string().min(1).max(100),
  sizeBytes: z.number().int().min(1),
});
export type AddTransferProofRequest = z.input<typeof AddTransferProofRequestSchema>;

/** The order's proofs as the shopper and the owner see them (no storage keys). */
export interface TransferProofsResponse {
  proofs: TransferProof[];
}

/** `order.transfer-proofs.get`: one proof of one order, for the owner. */
export const GetTransferProofRequestSchema = z.object({ id: z.string(), proofId: z.string() });
export type GetTransferProofRequest = z.input<typeof GetTransferProofRequestSchema>;

/** Where the gateway finds the file (private storage) and how to answer it. */
export interface StoredTransferProof {
  proof: TransferProof;
  key: string;
}
