/** One line of an order to reserve: a product id and a quantity. */
export interface StockLine {
  product: string;
  qty: number;
}

/** A line to reserve, with the unit price the shopper confirmed (TTD), when the shopper saw one. */
export interface ReserveLine extends StockLine {
  confirmedPrice?: number;
}

// The request types of the stock patterns are derived from their schemas (stock.schemas.ts).

/** What the catalog can say of a product a cart names; `deleted` products (deleted, or hidden by the owner) are not sold. */
export interface StockLookupItem {
  product: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  deleted: boolean;
}

/** A reserved line with the catalog's own name, price and image at the time of reservation. */
export interface ReservedLine {
  product: string;
  name: string;
  price: number;
  image: string;
  qty: number;
}

export interface ReserveStockResponse {
  orderId: string;
  items: ReservedLine[];
  /** The delivery cost (TTD) in force when the stock was reserved: the order's own, read in the same transaction. */
  deliveryCost: number;
  /** The delivery area priced (null only when the shop has no areas). */
  deliveryArea: { _id: string; name: string; estimatedDays: string } | null;
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
