import { ApiError, confirmInPersonOrder, getOrder, putOrderPayment } from '@shop/api-client';
import type { Order, PaymentRedirectParams } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { peekVisitorId } from '../../lib/visitor-id';
import { deferred } from '../../lib/deferred';
import { type ServerRenderContext, serverContextOf } from '../server-context';
import { proofWasSent } from '../../features/orders/transfer-proof-outcome';

/**
 * The card result page: the provider's query parameters go to the server untouched, which verifies them and
 * answers the order as it now stands; without parameters the order is only read.
 */
export function checkoutResultLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const query = Object.fromEntries(new URL(request.url).searchParams) as PaymentRedirectParams;
  const read = () => getOrder(id, { signal: request.signal, visitorId: peekVisitorId() });
  const order: Promise<OrderResult> =
    Object.keys(query).length > 0
      ? putOrderPayment(id, query, peekVisitorId()).then(
          (verified) => ({ order: verified, refusal: null }),
          // A forged or mismatched result changes nothing: show the order as the server knows it, beside the refusal.
          async (error: unknown) => {
            if (!(error instanceof ApiError) || error.status !== 400) throw error;
            return { order: await read().catch(() => Promise.reject(error)), refusal: error.message };
          },
        )
      : read().then((known) => ({ order: known, refusal: null }));
  return { id, order: deferred(order) };
}

/** The order to show, and why the payment result was refused, if it was. */
export interface OrderResult {
  order: Order;
  refusal: string | null;
  /** Issue 29: what the storefront's server said of a proof of transfer posted without scripts. */
  proof?: ProofOutcome;
}

/** A proof of transfer posted without scripts: taken (the page opened with `?proof=sent`), or refused (drawn again). */
export type ProofOutcome = { sent: true } | { refused: string } | null;

/** What the page says of a proof just posted: the server's refusal it was drawn again with, or `?proof=sent`. */
export function proofOutcomeOf(url: string, server: ServerRenderContext | undefined): ProofOutcome {
  const refused = server?.submission?.message;
  if (refused) return { refused };
  return proofWasSent(url) ? { sent: true } : null;
}

/**
 * The pay-in-person confirmation: an idempotent confirm that answers the order. On the storefront's server (an order
 * placed without scripts) the visitor is the one its cookie names.
 */
export function checkoutInPersonLoader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const visitorId = serverContextOf(context)?.visitorId ?? peekVisitorId();
  return { id, order: deferred(confirmInPersonOrder(id, visitorId).then((confirmed): OrderResult => ({ order: confirmed, refusal: null }))) };
}

/**
 * Issue 29: a bank-transfer order just placed, read as it stands (the accounts, the reference, the hold). On the
 * storefront's server (an order placed without scripts) the visitor is the one its cookie names.
 */
export function checkoutTransferLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const server = serverContextOf(context);
  const visitorId = server?.visitorId ?? peekVisitorId();
  const proof = proofOutcomeOf(request.url, server);
  return { id, order: deferred(getOrder(id, { signal: request.signal, visitorId }).then((order): OrderResult => ({ order, refusal: null, proof }))) };
}
