import { getControls, getDeliveryAreas, quoteOrder } from '@shop/api-client';
import type { DeliveryArea, OrderQuote, SiteSettings } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { FormSubmission } from '../render-contract';
import { serverContextOf } from '../server-context';

/** The checkout as the storefront's server draws it for a browser without scripts (Buy Now's line, no stored cart). */
export interface CheckoutWithoutScripts {
  /** The line Buy Now sent (`?add={product}&variant={variant}&qty={n}`), or none: without scripts there is no stored cart. */
  line: { product: string; variant?: string; qty: number } | null;
  areas: DeliveryArea[];
  /** The area chosen (posted, else `?area=`), else the shop's default. */
  areaId: string | undefined;
  /** The server's quote of the line for that area; null without a line or when it could not be had. */
  quote: OrderQuote | null;
  pickupAddress: string | null;
  /** Issue 29: the shop's bank-transfer settings (a third payment button when on). */
  bankTransfer: SiteSettings['bankTransferSettings'] | null;
  submission: FormSubmission | null;
  /** One per drawn form, so a post sent twice places one order. */
  idempotencyKey: string;
}

const PRODUCT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * /checkout: in the browser the screen reads the stored cart itself (nothing to load here). On the storefront's
 * server, for a browser without scripts, the line Buy Now sent is priced by the server's quote with the chosen
 * delivery area, next to the areas and the pick-up address.
 */
export async function checkoutLoader({ request, context }: LoaderFunctionArgs): Promise<CheckoutWithoutScripts | null> {
  const server = serverContextOf(context);
  if (!server) return null;
  const url = new URL(request.url);
  const values = server.submission?.values ?? {};
  const product = values['add'] ?? url.searchParams.get('add') ?? '';
  const variant = values['variant'] ?? url.searchParams.get('variant') ?? '';
  const qty = Number(values['qty'] ?? url.searchParams.get('qty') ?? 1);
  const line = PRODUCT_ID.test(product)
    ? { product, ...(PRODUCT_ID.test(variant) ? { variant } : {}), qty: Number.isInteger(qty) && qty >= 1 && qty <= 10_000 ? qty : 1 }
    : null;

  const [areas, settings] = await Promise.all([
    getDeliveryAreas({ signal: request.signal }).catch(() => [] as DeliveryArea[]),
    getControls({ signal: request.signal }).then(
      (list) => list[0] ?? null,
      () => null,
    ),
  ]);
  const wanted = values['deliveryArea'] || url.searchParams.get('area') || undefined;
  const areaId = areas.find((area) => area._id === wanted)?._id ?? areas.find((area) => area.isDefault)?._id;
  const quote = line ? await quoteOrder([line], { signal: request.signal, visitorId: server.visitorId, deliveryAreaId: areaId }).catch(() => null) : null;
  return {
    line,
    areas,
    areaId,
    quote,
    pickupAddress: settings?.shopSettings?.pickupAddress ?? null,
    bankTransfer: settings?.bankTransferSettings ?? null,
    submission: server.submission ?? null,
    idempotencyKey: values['idempotencyKey'] || crypto.randomUUID(),
  };
}
