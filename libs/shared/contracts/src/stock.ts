/** One line of an order to reserve: a product id and a quantity. */
export interface StockLine {
  product: string;
  qty: number;
}

export interface ReserveStockRequest {
  orderId: string;
  items: StockLine[];
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
