import type { ServiceHealth } from './health';
import type { RenderedPdf, RenderReceiptRequest, RenderReceiptResponse } from './receipt';
import type { LowStockList } from './stock-events';
import type { AdminProductPage, Product, ProductPage, ProductSummary } from './product';
import type { AdminReview, AdminReviewPage, ListAdminReviewsRequest, ModerateReviewRequest, ReviewSettings, ReviewWriteResult, UpdateReviewSettingsRequest } from './review-moderation';
import type { OrdersExportPage, OrdersExportRequest, RenderPackingSlipRequest, RenderRunSheetRequest, RunSheetRequest } from './order-documents';
import type { ProductCsvRow, ProductImportReport, ProductsImportRequest } from './product-csv';
import type {
  AdminProductsRequest,
  CreateProductRequest,
  DeleteProductRequest,
  DeleteReviewRequest,
  GetProductRequest,
  ListProductsRequest,
  ProductTypesRequest,
  RestockListRequest,
  UpdateProductRequest,
  VariantsBulkRequest,
  UpsertReviewRequest,
} from './product.schemas';
import type { RecentReviews, RecentReviewsRequest } from './reviews';
import type { RestockRequest, RestockResponse, StockMovement, StockMovementsRequest } from './stock-movements';
import type { CreateStockWaitRequest, RestockListItem, StockWaitAnswer, StockWaitBatch, UnsubscribeStockWaitRequest } from './stock-waits';
import type { ReclaimStockResponse, ReserveStockResponse, SettleReservationsResponse, StockChangeResponse, StockLookupItem } from './stock';
import type { ReserveStockRequest, SettleReservationsRequest, StockLookupRequest, StockOrderRequest } from './stock.schemas';
import type { PatchSiteSettingsRequest, SiteSettings, UpdateSiteSettingsRequest } from './settings';
import type {
  ListNotificationsRequest,
  EventDeadLetterPage,
  MailHealth,
  ListDeadLettersRequest,
  Notification,
  NotificationPage,
  RetryNotificationRequest,
  SendContactRequest,
  SendContactResponse,
  SendSecurityAlertRequest,
} from './notification';
import type {
  ArchiveOrderRequest,
  CreateOrderRequest,
  GetOrderRequest,
  ListOrdersRequest,
  Order,
  OrderActionRequest,
  OrderIdRequest,
  OrderViewRequest,
  DeliveredToRequest,
  DeliveredToResponse,
  OrderNumbersRequest,
  OrderNumbersResponse,
  OrderPage,
  OrderQuote,
  OrderStats,
  OrderStatsRequest,
  PaymentResultRequest,
  PayOrderRequest,
  PayOrderResponse,
  QuoteRequest,
  OrderStockResponse,
  TrackOrdersRequest,
  UpdateOrderStatusRequest,
} from './order.schemas';
import type { CreatePaymentResponse, VerifyPaymentResponse } from './payment';
import type { OrderCodeCheckRequest, OrderCodeCheckResponse, OrderLookupRequest, OrdersForEmailRequest, SendOrderCodeRequest } from './order-lookup';
import type { RecordTransferRequest } from './bank-transfer';
import type { AddTransferProofRequest, AdmitTransferProofRequest, GetTransferProofRequest, StoredTransferProof, TransferProofsResponse } from './transfer-proofs';
import type { ExpiredCardOrdersRequest, LookupPaymentRequest, LookupPaymentResponse, RecordCardPaymentRequest, RecordPaymentRequest } from './card-settlement';
import type { CreatePaymentRequest, PaymentMode, VerifyPaymentRequest } from './payment.schemas';
import type {
  CreateDeliveryAreaRequest,
  DeliveryArea,
  ListDeliveryAreasRequest,
  PriceDeliveryAreaRequest,
  PricedDeliveryArea,
  UpdateDeliveryAreaRequest,
} from './delivery-areas';
import type {
  ArchiveDiscountRequest,
  BannerDiscount,
  CreateDiscountRequest,
  DiscountCode,
  DiscountCodeDetail,
  DiscountIdRequest,
  ListDiscountsRequest,
  UpdateDiscountRequest,
} from './discounts';

/** Every NATS message pattern, dotted and owned by one service. */
export const Pattern = {
  CatalogHealth: 'catalog.health',
  OrderHealth: 'order.health',
  PaymentHealth: 'payment.health',
  NotificationHealth: 'notification.health',
  ProductsList: 'catalog.products.list',
  ProductsGet: 'catalog.products.get',
  ProductsPage: 'catalog.products.page',
  ProductsTypes: 'catalog.products.types',
  ProductsAdminPage: 'catalog.products.admin-page',
  ProductsRestock: 'catalog.products.restock',
  ProductsLowStock: 'catalog.products.low-stock',
  ProductsCreate: 'catalog.products.create',
  ProductsUpdate: 'catalog.products.update',
  ProductsDelete: 'catalog.products.delete',
  ProductsVariantsBulk: 'catalog.products.variants-bulk',
  ProductsExport: 'catalog.products.export',
  ProductsImport: 'catalog.products.import',
  ReviewsUpsert: 'catalog.reviews.upsert',
  ReviewsDelete: 'catalog.reviews.delete',
  ReviewsRecent: 'catalog.reviews.recent',
  ReviewsAdminList: 'catalog.reviews.admin-list',
  ReviewsModerate: 'catalog.reviews.moderate',
  ReviewSettingsGet: 'catalog.reviews.settings.get',
  ReviewSettingsUpdate: 'catalog.reviews.settings.update',
  StockReserve: 'catalog.stock.reserve',
  StockCommit: 'catalog.stock.commit',
  StockRelease: 'catalog.stock.release',
  StockReturn: 'catalog.stock.return',
  StockReclaim: 'catalog.stock.reclaim',
  StockLookup: 'catalog.stock.lookup',
  StockRestock: 'catalog.stock.restock',
  StockMovements: 'catalog.stock.movements',
  StockWaitsCreate: 'catalog.stock-waits.create',
  StockWaitsUnsubscribe: 'catalog.stock-waits.unsubscribe',
  StockWaitsSend: 'catalog.stock-waits.send',
  SettingsGet: 'catalog.settings.get',
  SettingsUpdate: 'catalog.settings.update',
  SettingsPatch: 'catalog.settings.patch',
  DeliveryAreasList: 'catalog.delivery-areas.list',
  DeliveryAreasPrice: 'catalog.delivery-areas.price',
  DeliveryAreasCreate: 'catalog.delivery-areas.create',
  DeliveryAreasUpdate: 'catalog.delivery-areas.update',
  NotificationContact: 'notification.contact.send',
  NotificationSecurityAlert: 'notification.security.alert',
  NotificationsList: 'notification.mails.list',
  NotificationsRetry: 'notification.mails.retry',
  NotificationsHealth: 'notification.mails.health',
  NotificationDeadLetters: 'notification.dead-letters.list',
  NotificationReceiptRender: 'notification.receipt.render',
  NotificationPackingSlipRender: 'notification.packing-slip.render',
  NotificationRunSheetRender: 'notification.run-sheet.render',
  OrdersCreate: 'order.orders.create',
  OrdersQuote: 'order.orders.quote',
  OrdersGet: 'order.orders.get',
  OrdersTracking: 'order.orders.tracking',
  OrdersList: 'order.orders.list',
  OrdersUpdateStatus: 'order.orders.update-status',
  OrdersDelete: 'order.orders.delete',
  OrdersArchive: 'order.orders.archive',
  OrdersCancel: 'order.orders.cancel',
  OrdersRecordRefund: 'order.orders.record-refund',
  OrdersConfirm: 'order.orders.confirm',
  OrdersFulfil: 'order.orders.fulfil',
  OrdersStats: 'order.orders.stats',
  OrdersPay: 'order.orders.pay',
  OrdersPaymentResult: 'order.orders.payment-result',
  OrdersConfirmInPerson: 'order.orders.confirm-in-person',
  OrdersCommitStock: 'order.orders.commit-stock',
  OrdersSettleReservations: 'order.orders.settle-reservations',
  OrdersDeliveredTo: 'order.orders.delivered-to',
  OrdersNumbers: 'order.orders.numbers',
  OrdersExport: 'order.orders.export',
  OrdersRunSheet: 'order.orders.run-sheet',
  OrdersRecordCardPayment: 'order.orders.record-card-payment',
  OrdersExpiredCard: 'order.orders.expired-card',
  OrdersLookupRequest: 'order.lookup.request',
  OrdersLookupCheck: 'order.lookup.check',
  OrdersLookupOrders: 'order.lookup.orders',
  NotificationOrderCode: 'notification.order-code.send',
  OrdersRecordTransfer: 'order.orders.record-transfer',
  OrdersTransferProofAdmit: 'order.transfer-proofs.admit',
  OrdersTransferProofAdd: 'order.transfer-proofs.add',
  OrdersTransferProofGet: 'order.transfer-proofs.get',
  DiscountsList: 'order.discounts.list',
  DiscountsGet: 'order.discounts.get',
  DiscountsCreate: 'order.discounts.create',
  DiscountsUpdate: 'order.discounts.update',
  DiscountsBanner: 'order.discounts.banner',
  DiscountsArchive: 'order.discounts.archive',
  PaymentsCreate: 'payment.payments.create',
  PaymentsVerify: 'payment.payments.verify',
  PaymentsMode: 'payment.payments.mode',
  PaymentsLookup: 'payment.payments.lookup',
  PaymentsRecord: 'payment.payments.record',
} as const;
export type Pattern = (typeof Pattern)[keyof typeof Pattern];

type Empty = Record<string, never>;

/** Request and response type of each pattern: senders and handlers are typed against this map. */
export interface MessageMap {
  [Pattern.CatalogHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.OrderHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.PaymentHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.NotificationHealth]: { request: Empty; response: ServiceHealth };
  [Pattern.ProductsList]: { request: Empty; response: ProductSummary[] };
  [Pattern.ProductsGet]: { request: GetProductRequest; response: Product };
  [Pattern.ProductsPage]: { request: ListProductsRequest; response: ProductPage };
  [Pattern.ProductsTypes]: { request: ProductTypesRequest; response: string[] };
  [Pattern.ProductsAdminPage]: { request: AdminProductsRequest; response: AdminProductPage };
  [Pattern.ProductsRestock]: { request: RestockListRequest; response: RestockListItem[] };
  [Pattern.ProductsLowStock]: { request: Empty; response: LowStockList };
  [Pattern.ProductsCreate]: { request: CreateProductRequest; response: Product };
  [Pattern.ProductsUpdate]: { request: UpdateProductRequest; response: Product };
  [Pattern.ProductsDelete]: { request: DeleteProductRequest; response: { message: string } };
  [Pattern.ProductsVariantsBulk]: { request: VariantsBulkRequest; response: Product };
  [Pattern.ReviewsUpsert]: { request: UpsertReviewRequest; response: ReviewWriteResult };
  [Pattern.ProductsExport]: { request: Empty; response: ProductCsvRow[] };
  [Pattern.ProductsImport]: { request: ProductsImportRequest; response: ProductImportReport };
  [Pattern.ReviewsDelete]: { request: DeleteReviewRequest; response: Product };
  [Pattern.ReviewsRecent]: { request: RecentReviewsRequest; response: RecentReviews };
  [Pattern.ReviewsAdminList]: { request: ListAdminReviewsRequest; response: AdminReviewPage };
  [Pattern.ReviewsModerate]: { request: ModerateReviewRequest; response: AdminReview };
  [Pattern.ReviewSettingsGet]: { request: Empty; response: ReviewSettings };
  [Pattern.ReviewSettingsUpdate]: { request: UpdateReviewSettingsRequest; response: ReviewSettings };
  [Pattern.StockReserve]: { request: ReserveStockRequest; response: ReserveStockResponse };
  [Pattern.StockCommit]: { request: StockOrderRequest; response: StockChangeResponse };
  [Pattern.StockRelease]: { request: StockOrderRequest; response: StockChangeResponse };
  [Pattern.StockReturn]: { request: StockOrderRequest; response: StockChangeResponse };
  [Pattern.StockReclaim]: { request: StockOrderRequest; response: ReclaimStockResponse };
  [Pattern.StockLookup]: { request: StockLookupRequest; response: StockLookupItem[] };
  [Pattern.StockRestock]: { request: RestockRequest; response: RestockResponse };
  [Pattern.StockMovements]: { request: StockMovementsRequest; response: StockMovement[] };
  [Pattern.StockWaitsCreate]: { request: CreateStockWaitRequest; response: StockWaitAnswer };
  [Pattern.StockWaitsUnsubscribe]: { request: UnsubscribeStockWaitRequest; response: StockWaitAnswer };
  [Pattern.StockWaitsSend]: { request: Empty; response: StockWaitBatch };
  [Pattern.SettingsGet]: { request: Empty; response: SiteSettings };
  [Pattern.SettingsUpdate]: { request: UpdateSiteSettingsRequest; response: SiteSettings };
  [Pattern.SettingsPatch]: { request: PatchSiteSettingsRequest; response: SiteSettings };
  [Pattern.DeliveryAreasList]: { request: ListDeliveryAreasRequest; response: DeliveryArea[] };
  [Pattern.DeliveryAreasPrice]: { request: PriceDeliveryAreaRequest; response: PricedDeliveryArea };
  [Pattern.DeliveryAreasCreate]: { request: CreateDeliveryAreaRequest; response: DeliveryArea };
  [Pattern.DeliveryAreasUpdate]: { request: UpdateDeliveryAreaRequest; response: DeliveryArea };
  [Pattern.NotificationContact]: { request: SendContactRequest; response: SendContactResponse };
  [Pattern.NotificationSecurityAlert]: { request: SendSecurityAlertRequest; response: SendContactResponse };
  [Pattern.NotificationsList]: { request: ListNotificationsRequest; response: NotificationPage };
  [Pattern.NotificationsRetry]: { request: RetryNotificationRequest; response: Notification };
  [Pattern.NotificationsHealth]: { request: Empty; response: MailHealth };
  [Pattern.NotificationDeadLetters]: { request: ListDeadLettersRequest; response: EventDeadLetterPage };
  [Pattern.NotificationReceiptRender]: { request: RenderReceiptRequest; response: RenderReceiptResponse };
  [Pattern.NotificationPackingSlipRender]: { request: RenderPackingSlipRequest; response: RenderedPdf };
  [Pattern.NotificationRunSheetRender]: { request: RenderRunSheetRequest; response: RenderedPdf };
  [Pattern.OrdersCreate]: { request: CreateOrderRequest; response: Order };
  [Pattern.OrdersQuote]: { request: QuoteRequest; response: OrderQuote };
  [Pattern.OrdersGet]: { request: GetOrderRequest; response: Order };
  [Pattern.OrdersTracking]: { request: TrackOrdersRequest; response: Order[] };
  [Pattern.OrdersList]: { request: ListOrdersRequest; response: OrderPage };
  [Pattern.OrdersUpdateStatus]: { request: UpdateOrderStatusRequest; response: Order };
  /** `transferProofKeys`: the deleted order's proofs of transfer (issue 29), whose files the gateway then removes. */
  [Pattern.OrdersDelete]: { request: OrderIdRequest; response: { message: string; transferProofKeys?: string[] } };
  [Pattern.OrdersArchive]: { request: ArchiveOrderRequest; response: Order };
  [Pattern.OrdersCancel]: { request: OrderActionRequest; response: Order };
  [Pattern.OrdersRecordRefund]: { request: OrderActionRequest; response: Order };
  [Pattern.OrdersConfirm]: { request: OrderActionRequest; response: Order };
  [Pattern.OrdersFulfil]: { request: OrderActionRequest; response: Order };
  [Pattern.OrdersStats]: { request: OrderStatsRequest; response: OrderStats };
  [Pattern.OrdersPay]: { request: PayOrderRequest; response: PayOrderResponse };
  [Pattern.OrdersPaymentResult]: { request: PaymentResultRequest; response: Order };
  [Pattern.OrdersConfirmInPerson]: { request: OrderViewRequest; response: Order };
  [Pattern.OrdersCommitStock]: { request: OrderIdRequest; response: OrderStockResponse };
  [Pattern.OrdersSettleReservations]: { request: SettleReservationsRequest; response: SettleReservationsResponse };
  [Pattern.OrdersDeliveredTo]: { request: DeliveredToRequest; response: DeliveredToResponse };
  [Pattern.OrdersNumbers]: { request: OrderNumbersRequest; response: OrderNumbersResponse };
  [Pattern.OrdersExport]: { request: OrdersExportRequest; response: OrdersExportPage };
  [Pattern.OrdersRunSheet]: { request: RunSheetRequest; response: Order[] };
  [Pattern.DiscountsList]: { request: ListDiscountsRequest; response: DiscountCode[] };
  [Pattern.DiscountsGet]: { request: DiscountIdRequest; response: DiscountCodeDetail };
  [Pattern.DiscountsCreate]: { request: CreateDiscountRequest; response: DiscountCode };
  [Pattern.DiscountsUpdate]: { request: UpdateDiscountRequest; response: DiscountCode };
  [Pattern.DiscountsBanner]: { request: Empty; response: BannerDiscount };
  [Pattern.DiscountsArchive]: { request: ArchiveDiscountRequest; response: DiscountCode };
  [Pattern.PaymentsCreate]: { request: CreatePaymentRequest; response: CreatePaymentResponse };
  [Pattern.PaymentsVerify]: { request: VerifyPaymentRequest; response: VerifyPaymentResponse };
  [Pattern.PaymentsMode]: { request: Empty; response: PaymentMode };
  [Pattern.PaymentsLookup]: { request: LookupPaymentRequest; response: LookupPaymentResponse };
  [Pattern.PaymentsRecord]: { request: RecordPaymentRequest; response: VerifyPaymentResponse };
  [Pattern.OrdersRecordCardPayment]: { request: RecordCardPaymentRequest; response: Order };
  [Pattern.OrdersExpiredCard]: { request: ExpiredCardOrdersRequest; response: Order[] };
  [Pattern.OrdersLookupRequest]: { request: OrderLookupRequest; response: Empty };
  [Pattern.OrdersLookupCheck]: { request: OrderCodeCheckRequest; response: OrderCodeCheckResponse };
  [Pattern.OrdersLookupOrders]: { request: OrdersForEmailRequest; response: Order[] };
  [Pattern.NotificationOrderCode]: { request: SendOrderCodeRequest; response: SendContactResponse };
  [Pattern.OrdersRecordTransfer]: { request: RecordTransferRequest; response: Order };
  [Pattern.OrdersTransferProofAdmit]: { request: AdmitTransferProofRequest; response: TransferProofsResponse };
  [Pattern.OrdersTransferProofAdd]: { request: AddTransferProofRequest; response: TransferProofsResponse };
  [Pattern.OrdersTransferProofGet]: { request: GetTransferProofRequest; response: StoredTransferProof };
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
