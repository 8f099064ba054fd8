/** One line of an order to reserve: a product id and a quantity. */
export interface StockLine {
  product: string;
  qty: number;
}

/** A line to reserve, with the unit price the shopper confirmed (TTD), when the shopper saw one. */
export interface ReserveLine extends StockLine {
  confirmedPrice?: number;
}

export interface ReserveStockRequest {
  orderId: string;
  items: ReserveLine[];
  /**
   * The items total (TTD) the shopper confirmed: when the catalog's prices make a different total, the
   * reservation is refused (409, naming what changed) and nothing is written.
   */
  expectedItemsTotal?: number;
}

export interface StockLookupRequest {
  products: string[];
}

/** What the catalog can say of a product a cart names; `deleted` products are no longer sold. */
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
}

export interface StockOrderRequest {
  orderId: string;
}

export type ReservationStatus = 'reserved' | 'committed' | 'released';

/** What a commit or release did: `changed` is false when a repeat found nothing left to do. */
export interface StockChangeResponse {
  orderId: string;
  changed: boolean;
  status: ReservationStatus | 'none';
}
