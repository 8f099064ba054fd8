export { configureApiClient, DEFAULT_PREFIX_URL, VISITOR_ID_HEADER, type ApiClientOptions } from './api-client';
export { ApiError, GENERIC_ERROR_MESSAGE, isAbortError } from './api-error';
export { errorMessage } from './error-message';
export { onUnauthorized } from './session-end';
export { getProducts, type GetProductsOptions } from './get-products';
export { getProduct, type GetProductOptions } from './get-product';
export { getProductPage, type GetProductPageOptions, type ProductPageQuery } from './get-product-page';
export { getProductTypes, type GetProductTypesOptions } from './get-product-types';
export { putReview } from './put-review';
export { deleteReview } from './delete-review';
export { placeOrder, type PlaceOrderInput } from './post-order';
export { quoteOrder } from './post-order-quote';
export { payOrder } from './post-order-pay';
export { putOrderPayment } from './put-order-payment';
export { confirmInPersonOrder } from './put-order-payment-in-person';
export { getOrder, type GetOrderOptions } from './get-order';
export { getTrackedOrders } from './get-tracking';
export { getControls } from './get-controls';
export { sendContactMessage } from './post-contact';
export { adminLogin, adminPasskeySignInOptions } from './admin-login';
export { adminLogout } from './admin-logout';
export { adminLogoutEverywhere } from './admin-logout-everywhere';
export { adminAddPasskey, adminBeginTotp, adminChangePassword, adminConfirmTotp, adminGetSecondFactor, adminPasskeyOptions, adminRemovePasskey } from './admin-security';
export { adminCreateProduct } from './admin-create-product';
export { adminUpdateProduct } from './admin-update-product';
export { adminDeleteProduct } from './admin-delete-product';
export { adminGetRestock, type AdminGetRestockOptions } from './admin-get-restock';
export { adminGetStockMovements, adminRestock } from './admin-restock';
export { adminUploadImage, type AdminUploadImageOptions, type UploadedImage } from './admin-upload-image';
export { adminGetOrderStats, type AdminGetOrderStatsOptions } from './admin-get-order-stats';
export { adminUpdateControls } from './admin-update-controls';
export { adminPatchControls } from './admin-patch-controls';
export { adminGetMailHealth } from './admin-get-mail-health';
export { adminGetNotifications, type AdminGetNotificationsOptions } from './admin-get-notifications';
export { adminGetDeadLetters } from './admin-get-dead-letters';
export { adminRetryNotification } from './admin-retry-notification';
export { adminGetOrders, type AdminGetOrdersOptions } from './admin-get-orders';
export { adminGetOrder, type AdminGetOrderOptions } from './admin-get-order';
export { adminUpdateOrder } from './admin-update-order';
export { adminDeleteOrder } from './admin-delete-order';
export { adminArchiveOrder, adminCancelOrder, adminConfirmOrder, adminFulfilOrder, adminRecordRefund, adminRestoreOrder } from './admin-order-actions';
export { getDeliveryAreas } from './get-delivery-areas';
export { getBannerDiscount } from './get-banner-discount';
export { getPaymentMode } from './get-payment-mode';
export {
  adminArchiveDiscountCode,
  adminCreateDeliveryArea,
  adminCreateDiscountCode,
  adminGetDeliveryAreas,
  adminGetDiscountCode,
  adminGetDiscountCodes,
  adminUpdateDeliveryArea,
  adminUpdateDiscountCode,
} from './admin-promotions';
export { getOrderReceipt, type GetOrderReceiptOptions } from './get-order-receipt';
export { adminGetLowStock } from './admin-get-low-stock';
export { getRecentReviews } from './get-recent-reviews';
export { adminDeleteReview, adminGetReviews, type AdminGetReviewsOptions, adminGetReviewSettings, adminModerateReview, adminSaveReviewSettings } from './admin-reviews';
export { adminCheckPasswordReset, adminCompletePasswordReset, adminRequestPasswordReset } from './admin-password-reset';
export { adminGetProducts, type AdminGetProductsOptions } from './admin-get-products';
export { adminGetProduct, type AdminGetProductOptions } from './admin-get-product';
export { adminGetProductTypes, type AdminGetProductTypesOptions } from './admin-get-product-types';
export { adminGetOrdersCsv, adminGetPackingSlip, adminGetProductsCsv, adminGetRunSheet, adminImportProductsCsv } from './admin-owner-documents';
