import type { IncomingMessage, ServerResponse } from 'node:http';
import { ORDER_ACCESS_HEADER, ORDER_LINK_HEADER, TransferProofMessage, VISITOR_HEADER } from '@shop/contracts';
import { PROOF_SENT_PARAM, PROOF_SENT_VALUE } from '../src/features/orders/transfer-proof-outcome';
import type { RenderAgain } from './checkout-post';
import { cookieVisitorId, refusalOf, streamToGateway, visitorOf } from './form-post';
import { orderAccessOf } from './tracking-post';

/**
 * "Upload proof of transfer" without scripts (issue 29): `POST /checkoutTransfer/{id}/proof` or `/tracking/{id}/proof`
 * (multipart, the file in the field `proof`) is passed as it comes to the gateway's own API, as the shopper: the visitor
 * of this server's cookie, the mail link's key (`?k=`) and the code's grant. Taken: 303 back to the page with
 * `?proof=sent`. Refused: the page drawn again with the gateway's message (wrong type, too big, not the shopper's...).
 */
export async function postTransferProof(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, target: { page: string; orderId: string }, renderAgain: RenderAgain): Promise<void> {
  const link = new URL(req.url ?? '/', 'http://localhost').searchParams.get('k') ?? undefined;
  const page = `${target.page}${link ? `?k=${encodeURIComponent(link)}` : ''}`;
  const visitorId = cookieVisitorId(req);
  const orderAccess = orderAccessOf(req);
  const back = (message: string) =>
    renderAgain(page, { visitorId: visitorId ?? visitorOf(req).visitorId, orderAccess, submission: { values: {}, errors: {}, message } }, {});
  if (!String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return back(TransferProofMessage.Empty);
  const headers: Record<string, string> = {
    ...(visitorId ? { [VISITOR_HEADER]: visitorId } : {}),
    ...(link ? { [ORDER_LINK_HEADER]: link } : {}),
    ...(orderAccess ? { [ORDER_ACCESS_HEADER]: orderAccess } : {}),
  };
  const answer = await streamToGateway(gatewayUrl, req, `/api/orders/${encodeURIComponent(target.orderId)}/transfer-proofs`, headers);
  if (answer.status === 201) {
    const sent = `${PROOF_SENT_PARAM}=${PROOF_SENT_VALUE}`;
    res.writeHead(303, { 'Cache-Control': 'no-store', Location: `${page}${link ? '&' : '?'}${sent}` }).end();
    return;
  }
  return back(refusalOf(answer, TransferProofMessage.NotSent));
}
