import { isAbortError, quoteOrder } from '@shop/api-client';
import type { OrderQuote, QuoteLine } from '@shop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { cartLineKey, useCartStore } from '../stores/cart-store';
import { getVisitorId } from '../../../lib/visitor-id';

export interface CartQuote {
  /** 'loading' until the server has priced the current lines (the last quote stays shown meanwhile). */
  status: 'loading' | 'ready' | 'error';
  quote: OrderQuote | null;
  /** The unit price the cart held before the server's quote changed it, per line (`cartLineKey`), for this visit. */
  previousPrices: Record<string, number>;
  /** Asks the server again (after a refused order, say). */
  refresh: () => void;
}

/**
 * The browser's cart is only a cache: whenever the cart or checkout opens, or a line or quantity changes, the
 * server prices every line in one call. The stored lines take the server's name, picture, price and stock, and
 * the prices that moved are remembered so the screen can show the old and the new.
 */
export function useCartQuote(choices: { deliveryAreaId?: string; discountCode?: string } = {}): CartQuote {
  const cartItems = useCartStore((state) => state.cartItems);
  const applyQuote = useCartStore((state) => state.applyQuote);
  const linesKey = cartItems.map((item) => `${cartLineKey(item)}:${item.qty}`).join(',');
  const { deliveryAreaId, discountCode } = choices;
  const [round, setRound] = useState(0);
  // The last answer and the request (lines and round) it answered; a newer request is 'loading' meanwhile.
  const request = `${linesKey}#${round}#${deliveryAreaId ?? ''}#${discountCode ?? ''}`;
  const [answer, setAnswer] = useState<{ request: string; status: 'ready' | 'error'; quote: OrderQuote | null } | null>(null);
  const [previousPrices, setPreviousPrices] = useState<Record<string, number>>({});
  const empty = cartItems.length === 0;
  // An emptied cart forgets its last quote, so lines added later never show an old one.
  if (empty && answer !== null) setAnswer(null);
  const state: Pick<CartQuote, 'status' | 'quote'> = empty
    ? { status: 'ready', quote: null }
    : { status: answer?.request === request ? answer.status : 'loading', quote: answer?.quote ?? null };

  useEffect(() => {
    const held = useCartStore.getState().cartItems;
    if (held.length === 0) return;
    const controller = new AbortController();
    quoteOrder(
      held.map((item) => ({ product: item.product, ...(item.variant ? { variant: item.variant } : {}), qty: item.qty })),
      { signal: controller.signal, visitorId: getVisitorId(), deliveryAreaId, discountCode },
    )
      .then((quote) => {
        const moved: Record<string, number> = {};
        for (const line of quote.lines) {
          const stored = held.find((item) => cartLineKey(item) === cartLineKey(line));
          if (stored && line.price !== null && stored.price !== line.price) moved[cartLineKey(line)] = stored.price;
        }
        setPreviousPrices((current) => ({ ...current, ...moved }));
        applyQuote(quote);
        setAnswer({ request, status: 'ready', quote });
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setAnswer((current) => ({ request, status: 'error', quote: current?.quote ?? null }));
      });
    return () => controller.abort();
  }, [request, applyQuote, deliveryAreaId, discountCode]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, previousPrices, refresh };
}

/** Why a line cannot be bought as it stands, in the shopper's words; null when it can (or is not quoted yet). */
export function quoteProblemText(line: QuoteLine | undefined, fallbackName: string): string | null {
  if (!line) return null;
  const name = line.name ?? fallbackName;
  switch (line.problem) {
    case 'unavailable':
      return `${name} is no longer available. It is not included in your total.`;
    case 'out_of_stock':
      return `${name} is out of stock. It is not included in your total.`;
    case 'not_enough_stock':
      return `Only ${line.countInStock} of ${name} left in stock. Please choose ${line.countInStock} or fewer; it is not included in your total until then.`;
    default:
      return null;
  }
}
