import type { VariantFields } from './variant-lines';

/** One line of an order to reserve: a product id, its variant (absent: the implicit one, id = product id) and a quantity. */
export interface StockLine {
  product: string;
  variant?: string;
  qty: number;
}

// The request types of the stock patterns are derived from their schemas (stock.schemas.ts).

/**
 * What the catalog can say of a variant a cart names; `deleted` ones (deleted, switched off, hidden by the owner, or
 * not the product's) are not sold. `name` is the line's display name ("Mango Body Butter - 16 oz").
 */
export interface StockLookupItem {
  product: string;
  /** The variant the line names (the product's id for its implicit variant; absent means that too). */
  variant?: string;
  /** '' (or absent) for the implicit variant. */
  variantLabel?: string;
  /** The product's own name (`name` is the line's display name). */
  productName?: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  deleted: boolean;
}

/**
 * A reserved line with the catalog's own name (the display name), price and image at the time of reservation; the
 * variant fields only for a named variant (`variantFields`).
 */
export interface ReservedLine extends VariantFields {
  product: string;
  name: string;
  price: number;
  image: string;
  qty: number;
}

export interface ReserveStockResponse {
  orderId: string;
  /** The catalog's price of each line, read under the reservation's row lock: what the order pays. */
  items: ReservedLine[];
}

/** 'returned': a committed sale put back on the shelf (its order was cancelled). */
export type ReservationStatus = 'reserved' | 'committed' | 'released' | 'returned';

/** What a commit or release did: `changed` is false when a repeat found nothing left to do. */
export interface StockChangeResponse {
  orderId: string;
  changed: boolean;
  status: ReservationStatus | 'none';
}

/**
 * `catalog.stock.reclaim`: a paid order's stock taken as a sale whatever became of its reservation (still held:
 * committed; released: taken again, all lines or none, if the shelf has it). `shortfall` names what is missing
 * when the shelf does not (the reservation then stays released and nothing changes).
 */
export interface ReclaimStockResponse extends StockChangeResponse {
  shortfall: string | null;
}

/**
 * The order service's answer for reservations past their hold: `kept` orders are stored (their stock stays
 * reserved for them); `abandoned` orders were never stored and never will be (the order service refuses to
 * write them from now on), so the catalog may release their stock.
 */
export interface SettleReservationsResponse {
  kept: string[];
  abandoned: string[];
}
