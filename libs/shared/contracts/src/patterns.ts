import type { ServiceHealth } from './health';
import type { GetProductRequest, Product } from './product';

/** Every NATS message pattern, dotted and owned by one service. */
export const Pattern = {
  CatalogHealth: 'catalog.health',
  OrderHealth: 'order.health',
  PaymentHealth: 'payment.health',
  NotificationHealth: 'notification.health',
  ProductsList: 'catalog.products.list',
  ProductsGet: 'catalog.products.get',
} as const;
export type Pattern = (typeof Pattern)[keyof typeof Pattern];

type Empty = Record<string, never>;

/** Request and response type of each pattern: senders and handlers are typed against this map. */
export interface MessageMap {
  [Pattern.CatalogHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.OrderHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.PaymentHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.NotificationHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.ProductsList]: { request: Empty; response: Product[] };
  [Pattern.ProductsGet]: { request: GetProductRequest; response: Product };
}

export type RequestOf<P extends Pattern> = MessageMap[P]['request'];
export type ResponseOf<P extends Pattern> = MessageMap[P]['response'];

/** The health pattern of each service, keyed by the short name the health report uses. */
export const HEALTH_PATTERNS = {
  catalog: Pattern.CatalogHealth,
  order: Pattern.OrderHealth,
  payment: Pattern.PaymentHealth,
  notification: Pattern.NotificationHealth,
} as const;
