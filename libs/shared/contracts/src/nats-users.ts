import { Pattern } from './patterns';
import { ServiceName } from './services';

/** Every app that connects to NATS; each connects as a NATS user of this name (deploy/README.md, "NATS and Redis credentials"). */
export const NatsUser = { Gateway: 'api-gateway', ...ServiceName } as const;
export type NatsUser = (typeof NatsUser)[keyof typeof NatsUser];

/** The first word of each app's own settings in the environment (`GATEWAY_NATS_PASSWORD`, `ORDER_REDIS_PASSWORD`). */
const ENV_PREFIX: Record<NatsUser, string> = {
  [NatsUser.Gateway]: 'GATEWAY',
  [NatsUser.Catalog]: 'CATALOG',
  [NatsUser.Order]: 'ORDER',
  [NatsUser.Payment]: 'PAYMENT',
  [NatsUser.Notification]: 'NOTIFICATION',
};

/** The environment variable holding each app's password for the shop's NATS or Redis: `<APP>_<SERVER>_PASSWORD`. */
export function passwordEnvOf(server: 'NATS' | 'REDIS'): Record<NatsUser, string> {
  return Object.fromEntries(Object.values(NatsUser).map((user) => [user, `${ENV_PREFIX[user]}_${server}_PASSWORD`])) as Record<NatsUser, string>;
}

/**
 * The requests each app sends to another service. The NATS permissions are generated from this list and each
 * service's own patterns (server-messaging's nats-authorization.ts), so an app can send nothing else: the catalog
 * cannot ask the order service to cancel an order. A unit test checks that each app's code names no other
 * service's pattern missing here.
 */
export const SENDS: Record<NatsUser, readonly Pattern[]> = {
  [NatsUser.Gateway]: [
    // GET /api/health asks every service.
    Pattern.CatalogHealth,
    Pattern.OrderHealth,
    Pattern.PaymentHealth,
    Pattern.NotificationHealth,
    Pattern.ProductsList,
    Pattern.ProductsGet,
    Pattern.ProductsPage,
    Pattern.ProductsTypes,
    Pattern.ProductsAdminPage,
    Pattern.ProductsRestock,
    Pattern.StockRestock,
    Pattern.StockMovements,
    // Back-in-stock sign-ups and unsubscribes (issue 28).
    Pattern.StockWaitsCreate,
    Pattern.StockWaitsUnsubscribe,
    Pattern.StockWaitsSend,
    Pattern.ProductsLowStock,
    Pattern.ProductsCreate,
    Pattern.ProductsUpdate,
    Pattern.ProductsDelete,
    Pattern.ProductsVariantsBulk,
    Pattern.ReviewsUpsert,
    Pattern.ReviewsDelete,
    // The home page's reviews from shoppers (issue 25).
    Pattern.ReviewsRecent,
    // The owner's review moderation (issue 26).
    Pattern.ReviewsAdminList,
    Pattern.ReviewsModerate,
    Pattern.ReviewSettingsGet,
    Pattern.ReviewSettingsUpdate,
    Pattern.SettingsGet,
    Pattern.SettingsUpdate,
    // Site Settings saves one section at a time (issue 26).
    Pattern.SettingsPatch,
    Pattern.DeliveryAreasList,
    Pattern.DeliveryAreasCreate,
    Pattern.DeliveryAreasUpdate,
    Pattern.NotificationContact,
    Pattern.NotificationSecurityAlert,
    Pattern.NotificationsList,
    Pattern.NotificationsRetry,
    Pattern.NotificationsHealth,
    Pattern.NotificationDeadLetters,
    Pattern.NotificationReceiptRender,
    Pattern.OrdersCreate,
    Pattern.OrdersQuote,
    Pattern.OrdersGet,
    Pattern.OrdersTracking,
    Pattern.OrdersList,
    Pattern.OrdersUpdateStatus,
    Pattern.OrdersDelete,
    Pattern.OrdersArchive,
    Pattern.OrdersCancel,
    Pattern.OrdersRecordRefund,
    Pattern.OrdersConfirm,
    Pattern.OrdersFulfil,
    Pattern.OrdersStats,
    Pattern.OrdersPay,
    Pattern.OrdersPaymentResult,
    Pattern.OrdersConfirmInPerson,
    Pattern.OrdersCommitStock,
    Pattern.DiscountsList,
    Pattern.DiscountsGet,
    Pattern.DiscountsCreate,
    Pattern.DiscountsUpdate,
    Pattern.DiscountsArchive,
    Pattern.DiscountsBanner,
    // Issue 26: the owner's packing slips, run sheets, orders export and products file.
    Pattern.NotificationPackingSlipRender,
    Pattern.NotificationRunSheetRender,
    Pattern.OrdersExport,
    Pattern.OrdersRunSheet,
    Pattern.ProductsExport,
    Pattern.ProductsImport,
    // Whether the shop takes real card payments: the staging banner of the storefront and the admin.
    Pattern.PaymentsMode,
    // Issue 29: the owner records a card payment whose redirect never came, and lists card orders that expired.
    Pattern.OrdersRecordCardPayment,
    Pattern.OrdersExpiredCard,
    // Issue 29, "Find my orders": a code asked for and checked, and the orders of the mailbox it proved.
    Pattern.OrdersLookupRequest,
    Pattern.OrdersLookupCheck,
    Pattern.OrdersLookupOrders,
    // Issue 29: the owner marks a bank-transfer order paid.
    Pattern.OrdersRecordTransfer,
    // Issue 29: the shopper's proof of transfer (admitted before the file is read, then recorded), opened by the owner.
    Pattern.OrdersTransferProofAdmit,
    Pattern.OrdersTransferProofAdd,
    Pattern.OrdersTransferProofGet,
  ],
  // Reviews ask whether the writer had the product delivered (a verified buyer); removing a variant names the
  // orders that hold it (issue 28).
  [NatsUser.Catalog]: [Pattern.OrdersSettleReservations, Pattern.OrdersDeliveredTo, Pattern.OrdersNumbers],
  [NatsUser.Order]: [
    Pattern.StockReserve,
    Pattern.StockCommit,
    Pattern.StockRelease,
    Pattern.StockReturn,
    // A late card payment takes its released stock again.
    Pattern.StockReclaim,
    Pattern.StockLookup,
    Pattern.ProductsGet,
    Pattern.SettingsGet,
    Pattern.DeliveryAreasList,
    Pattern.DeliveryAreasPrice,
    Pattern.PaymentsCreate,
    Pattern.PaymentsVerify,
    // Issue 29: a card order is looked up at the provider before it expires; the owner's record is checked there.
    Pattern.PaymentsLookup,
    Pattern.PaymentsRecord,
    // Issue 29: the code that finds a shopper's orders is mailed by the notification service.
    Pattern.NotificationOrderCode,
  ],
  [NatsUser.Payment]: [],
  [NatsUser.Notification]: [Pattern.SettingsGet],
};
