import { CreateProducts1763700000000 } from './1763700000000-create-products';
import { SearchReviewsStock1763700100000 } from './1763700100000-search-reviews-stock';
import { CreateSettings1763800500000 } from './1763800500000-create-settings';
import { ReturnedStock1765100000000 } from './1765100000000-returned-stock';
import { ReservationHold1765200000000 } from './1765200000000-reservation-hold';
import { ReceiptsLowStock1765300000000 } from './1765300000000-receipts-low-stock';
import { DeliveryAreas1766170000000 } from './1766170000000-delivery-areas';
import { ProductDetails1766400000000 } from './1766400000000-product-details';
import { StockMovements1766426100000 } from './1766426100000-stock-movements';
import { VerifiedReviews1766500023000 } from './1766500023000-verified-reviews';
import { ShopPagesSettings1766600025000 } from './1766600025000-shop-pages-settings';
import { RecentReviewsIndex1766600025100 } from './1766600025100-recent-reviews-index';
import { ReviewModeration1766600026000 } from './1766600026000-review-moderation';
import { ProductVisibility1766600260000 } from './1766600260000-product-visibility';
import { StockMovementsImport1766526100000 } from './1766526100000-stock-movements-import';
import { DeliveryPreviousCost1766700027000 } from './1766700027000-delivery-previous-cost';
import { ProductVariantsExpand1766800028000 } from './1766800028000-product-variants-expand';
import { VariantSearch1766800028100 } from './1766800028100-variant-search';
import { VariantStock1766800028300 } from './1766800028300-variant-stock';
import { StockWaits1766800028500 } from './1766800028500-stock-waits';
import { BankTransferSettings1766900029000 } from './1766900029000-bank-transfer-settings';

/** Every migration of the catalog schema, in order. */
export const CATALOG_MIGRATIONS = [
  CreateProducts1763700000000,
  SearchReviewsStock1763700100000,
  CreateSettings1763800500000,
  ReturnedStock1765100000000,
  ReservationHold1765200000000,
  ReceiptsLowStock1765300000000,
  DeliveryAreas1766170000000,
  ProductDetails1766400000000,
  StockMovements1766426100000,
  VerifiedReviews1766500023000,
  ShopPagesSettings1766600025000,
  RecentReviewsIndex1766600025100,
  ReviewModeration1766600026000,
  ProductVisibility1766600260000,
  StockMovementsImport1766526100000,
  DeliveryPreviousCost1766700027000,
  ProductVariantsExpand1766800028000,
  VariantSearch1766800028100,
  VariantStock1766800028300,
  StockWaits1766800028500,
  BankTransferSettings1766900029000,
];
