import { getControls, getDeliveryAreas, getProduct, getProductPage } from '@shop/api-client';
import type { Product, ProductSummary } from '@shop/contracts';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { paths } from '../../config/paths';
import { hasOptionFields, variantOfForm } from '../../lib/product-variants';
import { readNotifySent } from '../../features/back-in-stock/notify-outcome';
import { readReviewOutcome } from '../../features/reviews/review-outcome';
import { serverContextOf } from '../server-context';
import { deferred } from '../../lib/deferred';
import { peekVisitorId } from '../../lib/visitor-id';

/** How many other products "You may also like" shows. */
export const ALSO_LIKED_COUNT = 4;

/** "You may also like": other products of the same type that can be bought now. */
async function alsoLiked(product: Product, signal: AbortSignal): Promise<ProductSummary[]> {
  const page = await getProductPage({ type: product.type, pageSize: ALSO_LIKED_COUNT + 4, sort: 'trending' }, { signal });
  return page.products.filter((other) => other._id !== product._id && other.countInStock > 0).slice(0, ALSO_LIKED_COUNT);
}

/**
 * The variant form sent without the app (`?o_{option}={value}&variant={shown}`, features/products/components/
 * variant-picker.tsx): the page again at the chosen variant's own address, `?variant=…`.
 */
async function redirectToChosenVariant(id: string, search: URLSearchParams, signal: AbortSignal): Promise<never> {
  const product = await getProduct(id, { signal }).catch(() => null);
  const variant = product && product.options.length > 0 ? variantOfForm(product, search) : undefined;
  throw redirect(paths.product(id, variant?._id));
}

/** The app changes `?variant=` in place (the product is already loaded): only another product or query loads again. */
export function shouldRevalidateProduct({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  // A form, another page, or the same address asked again (Try again): as the router would.
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const withoutVariant = (url: URL) => {
    const search = new URLSearchParams(url.search);
    search.delete('variant');
    return search.toString();
  };
  return withoutVariant(currentUrl) !== withoutVariant(nextUrl) && defaultShouldRevalidate;
}

/**
 * Starts the product request (with the visitor id, so their own reviews come back marked) and the shop's WhatsApp
 * number without waiting. The URL also carries what plain HTML sent here: `?qty=` from the quantity stepper, and
 * the outcome of a review sent without the app (`?review=`, see server/review-post.ts), and of "Notify me".
 */
export function productLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const url = new URL(request.url);
  if (hasOptionFields(url.searchParams)) return redirectToChosenVariant(id, url.searchParams, request.signal);
  const qty = Number(url.searchParams.get('qty'));
  const product = getProduct(id, { signal: request.signal, visitorId: peekVisitorId() });
  return {
    id,
    product: deferred(product),
    related: deferred(product.then((loaded) => alsoLiked(loaded, request.signal)).catch(() => [] as ProductSummary[])),
    // The line under the price: delivery from the cheapest area that delivers (pick-up costs nothing and is not one).
    deliveryFrom: deferred(
      getDeliveryAreas({ signal: request.signal })
        .then((areas) => Math.min(...areas.filter((area) => area.active && area.cost > 0).map((area) => area.cost)))
        .then((cost) => (Number.isFinite(cost) ? cost : null))
        .catch(() => null),
    ),
    // In the server's HTML with the page ("Ask on WhatsApp" must not appear later and push the page down).
    whatsapp: deferred(
      getControls({ signal: request.signal })
        .then((list) => list[0]?.contactSettings.whatsapp || null)
        .catch(() => null),
    ),
    /** The page's own address, for the link the WhatsApp message carries. */
    origin: url.origin,
    askedQty: Number.isInteger(qty) && qty > 0 ? qty : undefined,
    review: readReviewOutcome(url.searchParams),
    // Issue 28: the variant in the address (the page shows it; an unknown one shows the default), "Notify me" for it, a sign-up just kept (`?notify=sent`), or one the server
    // was posted without scripts and could not take, drawn again with what was typed.
    variant: url.searchParams.get('variant') || undefined,
    notifySent: readNotifySent(url.searchParams),
    notifySubmission: serverContextOf(context)?.submission ?? null,
  };
}
