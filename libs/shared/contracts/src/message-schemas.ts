import { z } from 'zod';
import { ListDeadLettersRequestSchema, ListNotificationsRequestSchema, RetryNotificationRequestSchema, SendContactRequestSchema, SendSecurityAlertRequestSchema } from './notification';
import {
  ArchiveOrderRequestSchema,
  CreateOrderRequestSchema,
  DeliveredToRequestSchema,
  OrderNumbersRequestSchema,
  GetOrderRequestSchema,
  ListOrdersRequestSchema,
  OrderActionRequestSchema,
  OrderIdRequestSchema,
  OrderViewRequestSchema,
  OrderStatsRequestSchema,
  PaymentResultRequestSchema,
  PayOrderMessageSchema,
  QuoteRequestSchema,
  TrackOrdersRequestSchema,
  UpdateOrderStatusRequestSchema,
} from './order.schemas';
import { Pattern, type RequestOf } from './patterns';
import { CreatePaymentRequestSchema, VerifyPaymentRequestSchema } from './payment.schemas';
import { RecordTransferRequestSchema } from './bank-transfer';
import { AddTransferProofRequestSchema, AdmitTransferProofRequestSchema, GetTransferProofRequestSchema } from './transfer-proofs';
import { ExpiredCardOrdersRequestSchema, LookupPaymentRequestSchema, RecordCardPaymentRequestSchema, RecordPaymentRequestSchema } from './card-settlement';
import {
  AdminProductsRequestSchema,
  CreateProductRequestSchema,
  DeleteProductRequestSchema,
  DeleteReviewRequestSchema,
  GetProductRequestSchema,
  ListProductsRequestSchema,
  ProductTypesRequestSchema,
  RestockListRequestSchema,
  UpdateProductRequestSchema,
  VariantsBulkRequestSchema,
  UpsertReviewRequestSchema,
} from './product.schemas';
import { RenderReceiptRequestSchema } from './receipt';
import { OrderCodeCheckRequestSchema, OrderLookupRequestSchema, OrdersForEmailRequestSchema, SendOrderCodeRequestSchema } from './order-lookup';
import { ListAdminReviewsRequestSchema, ModerateReviewRequestSchema, UpdateReviewSettingsRequestSchema } from './review-moderation';
import { OrdersExportRequestSchema, RenderPackingSlipRequestSchema, RenderRunSheetRequestSchema, RunSheetRequestSchema } from './order-documents';
import { ProductsImportRequestSchema } from './product-csv';
import { RestockRequestSchema, StockMovementsRequestSchema } from './stock-movements';
import { CreateStockWaitRequestSchema, UnsubscribeStockWaitRequestSchema } from './stock-waits';
import { PatchSiteSettingsRequestSchema, UpdateSiteSettingsRequestSchema } from './settings';
import { CreateDeliveryAreaRequestSchema, ListDeliveryAreasRequestSchema, PriceDeliveryAreaRequestSchema, UpdateDeliveryAreaRequestSchema } from './delivery-areas';
import { ArchiveDiscountRequestSchema, CreateDiscountRequestSchema, DiscountIdRequestSchema, ListDiscountsRequestSchema, UpdateDiscountRequestSchema } from './discounts';
import { RecentReviewsRequestSchema } from './reviews';
import { ReserveStockRequestSchema, SettleReservationsRequestSchema, StockLookupRequestSchema, StockOrderRequestSchema } from './stock.schemas';

/** Patterns that carry nothing: `{}` (anything else in it is dropped). */
export const EmptyRequestSchema = z.object({});

/**
 * The request schema of every message pattern: the receiving handler validates its payload with it (see
 * `@Handles` in server-messaging), and the gateway checks HTTP input with the same schemas where they fit.
 */
export const PatternSchemas = {
  [Pattern.CatalogHealth]: EmptyRequestSchema,
  [Pattern.OrderHealth]: EmptyRequestSchema,
  [Pattern.PaymentHealth]: EmptyRequestSchema,
  [Pattern.NotificationHealth]: EmptyRequestSchema,
  [Pattern.ProductsList]: EmptyRequestSchema,
  [Pattern.ProductsGet]: GetProductRequestSchema,
  [Pattern.ProductsPage]: ListProductsRequestSchema,
  [Pattern.ProductsTypes]: ProductTypesRequestSchema,
  [Pattern.ProductsAdminPage]: AdminProductsRequestSchema,
  [Pattern.ProductsRestock]: RestockListRequestSchema,
  [Pattern.ProductsLowStock]: EmptyRequestSchema,
  [Pattern.ProductsCreate]: CreateProductRequestSchema,
  [Pattern.ProductsUpdate]: UpdateProductRequestSchema,
  [Pattern.ProductsDelete]: DeleteProductRequestSchema,
  [Pattern.ProductsVariantsBulk]: VariantsBulkRequestSchema,
  [Pattern.ProductsExport]: EmptyRequestSchema,
  [Pattern.ProductsImport]: ProductsImportRequestSchema,
  [Pattern.ReviewsUpsert]: UpsertReviewRequestSchema,
  [Pattern.ReviewsDelete]: DeleteReviewRequestSchema,
  [Pattern.ReviewsRecent]: RecentReviewsRequestSchema,
  [Pattern.ReviewsAdminList]: ListAdminReviewsRequestSchema,
  [Pattern.ReviewsModerate]: ModerateReviewRequestSchema,
  [Pattern.ReviewSettingsGet]: EmptyRequestSchema,
  [Pattern.ReviewSettingsUpdate]: UpdateReviewSettingsRequestSchema,
  [Pattern.StockReserve]: ReserveStockRequestSchema,
  [Pattern.StockCommit]: StockOrderRequestSchema,
  [Pattern.StockRelease]: StockOrderRequestSchema,
  [Pattern.StockReturn]: StockOrderRequestSchema,
  [Pattern.StockReclaim]: StockOrderRequestSchema,
  [Pattern.StockLookup]: StockLookupRequestSchema,
  [Pattern.StockRestock]: RestockRequestSchema,
  [Pattern.StockWaitsCreate]: CreateStockWaitRequestSchema,
  [Pattern.StockWaitsUnsubscribe]: UnsubscribeStockWaitRequestSchema,
  [Pattern.StockWaitsSend]: EmptyRequestSchema,
  [Pattern.StockMovements]: StockMovementsRequestSchema,
  [Pattern.SettingsGet]: EmptyRequestSchema,
  [Pattern.SettingsUpdate]: UpdateSiteSettingsRequestSchema,
  [Pattern.SettingsPatch]: PatchSiteSettingsRequestSchema,
  [Pattern.DeliveryAreasList]: ListDeliveryAreasRequestSchema,
  [Pattern.DeliveryAreasPrice]: PriceDeliveryAreaRequestSchema,
  [Pattern.DeliveryAreasCreate]: CreateDeliveryAreaRequestSchema,
  [Pattern.DeliveryAreasUpdate]: UpdateDeliveryAreaRequestSchema,
  [Pattern.NotificationContact]: SendContactRequestSchema,
  [Pattern.NotificationsList]: ListNotificationsRequestSchema,
  [Pattern.NotificationsRetry]: RetryNotificationRequestSchema,
  [Pattern.NotificationsHealth]: EmptyRequestSchema,
  [Pattern.NotificationDeadLetters]: ListDeadLettersRequestSchema,
  [Pattern.NotificationReceiptRender]: RenderReceiptRequestSchema,
  [Pattern.NotificationPackingSlipRender]: RenderPackingSlipRequestSchema,
  [Pattern.NotificationRunSheetRender]: RenderRunSheetRequestSchema,
  [Pattern.NotificationSecurityAlert]: SendSecurityAlertRequestSchema,
  [Pattern.OrdersCreate]: CreateOrderRequestSchema,
  [Pattern.OrdersQuote]: QuoteRequestSchema,
  [Pattern.OrdersGet]: GetOrderRequestSchema,
  [Pattern.OrdersTracking]: TrackOrdersRequestSchema,
  [Pattern.OrdersList]: ListOrdersRequestSchema,
  [Pattern.OrdersUpdateStatus]: UpdateOrderStatusRequestSchema,
  [Pattern.OrdersDelete]: OrderIdRequestSchema,
  [Pattern.OrdersArchive]: ArchiveOrderRequestSchema,
  [Pattern.OrdersCancel]: OrderActionRequestSchema,
  [Pattern.OrdersRecordRefund]: OrderActionRequestSchema,
  [Pattern.OrdersConfirm]: OrderActionRequestSchema,
  [Pattern.OrdersFulfil]: OrderActionRequestSchema,
  [Pattern.OrdersStats]: OrderStatsRequestSchema,
  [Pattern.OrdersPay]: PayOrderMessageSchema,
  [Pattern.OrdersPaymentResult]: PaymentResultRequestSchema,
  [Pattern.OrdersConfirmInPerson]: OrderViewRequestSchema,
  [Pattern.OrdersCommitStock]: OrderIdRequestSchema,
  [Pattern.OrdersSettleReservations]: SettleReservationsRequestSchema,
  [Pattern.OrdersDeliveredTo]: DeliveredToRequestSchema,
  [Pattern.OrdersNumbers]: OrderNumbersRequestSchema,
  [Pattern.OrdersExport]: OrdersExportRequestSchema,
  [Pattern.OrdersRunSheet]: RunSheetRequestSchema,
  [Pattern.DiscountsList]: ListDiscountsRequestSchema,
  [Pattern.DiscountsGet]: DiscountIdRequestSchema,
  [Pattern.DiscountsCreate]: CreateDiscountRequestSchema,
  [Pattern.DiscountsUpdate]: UpdateDiscountRequestSchema,
  [Pattern.DiscountsBanner]: EmptyRequestSchema,
  [Pattern.DiscountsArchive]: ArchiveDiscountRequestSchema,
  [Pattern.PaymentsCreate]: CreatePaymentRequestSchema,
  [Pattern.PaymentsVerify]: VerifyPaymentRequestSchema,
  [Pattern.PaymentsMode]: EmptyRequestSchema,
  [Pattern.PaymentsLookup]: LookupPaymentRequestSchema,
  [Pattern.PaymentsRecord]: RecordPaymentRequestSchema,
  [Pattern.OrdersRecordCardPayment]: RecordCardPaymentRequestSchema,
  [Pattern.OrdersExpiredCard]: ExpiredCardOrdersRequestSchema,
  [Pattern.OrdersLookupRequest]: OrderLookupRequestSchema,
  [Pattern.OrdersLookupCheck]: OrderCodeCheckRequestSchema,
  [Pattern.OrdersLookupOrders]: OrdersForEmailRequestSchema,
  [Pattern.NotificationOrderCode]: SendOrderCodeRequestSchema,
  [Pattern.OrdersRecordTransfer]: RecordTransferRequestSchema,
  [Pattern.OrdersTransferProofAdmit]: AdmitTransferProofRequestSchema,
  [Pattern.OrdersTransferProofAdd]: AddTransferProofRequestSchema,
  [Pattern.OrdersTransferProofGet]: GetTransferProofRequestSchema,
} as const satisfies { [P in Pattern]: z.ZodType };

/** What a handler of pattern P receives: its payload after validation (defaults filled in, text trimmed). */
export type PatternRequest<P extends Pattern> = z.output<(typeof PatternSchemas)[P]>;

// Compile-time: whatever a sender may send (`RequestOf`, typed by `MessageMap`) the receiver's schema accepts.
type Refused = { [P in Pattern]: RequestOf<P> extends z.input<(typeof PatternSchemas)[P]> ? never : P }[Pattern];
const _sendersFit: [Refused] extends [never] ? true : Refused = true;
void _sendersFit;
