import { CreateOrders1763900000000 } from './1763900000000-create-orders';
import { OrderNumbers1764000000000 } from './1764000000000-order-numbers';
import { OrderLifecycle1765100000000 } from './1765100000000-order-lifecycle';
import { AbandonedOrders1765200000000 } from './1765200000000-abandoned-orders';
import { DeliveryAreasAndDiscounts1766170000000 } from './1766170000000-delivery-areas-and-discounts';
import { DeletedOrderStock1766300000000 } from './1766300000000-deleted-order-stock';
import { OrderHolds1766400000000 } from './1766400000000-order-holds';
import { DiscountArchive1766426200000 } from './1766426200000-discount-archive';
import { OrderArchive1766430000000 } from './1766430000000-order-archive';
import { DeliveryNote1766510000000 } from './1766510000000-delivery-note';
import { TownOutsideArea1766510100000 } from './1766510100000-town-outside-area';
import { OrderLookupCodes1766829000000 } from './1766829000000-order-lookup-codes';
import { PayOnDelivery1766900029000 } from './1766900029000-pay-on-delivery';
import { BankTransfer1766900029100 } from './1766900029100-bank-transfer';
import { TransferProofs1766900029200 } from './1766900029200-transfer-proofs';

/** Every migration of the orders schema, in order. */
export const ORDER_MIGRATIONS = [
  CreateOrders1763900000000,
  OrderNumbers1764000000000,
  OrderLifecycle1765100000000,
  AbandonedOrders1765200000000,
  DeliveryAreasAndDiscounts1766170000000,
  DeletedOrderStock1766300000000,
  OrderHolds1766400000000,
  DiscountArchive1766426200000,
  OrderArchive1766430000000,
  DeliveryNote1766510000000,
  TownOutsideArea1766510100000,
  OrderLookupCodes1766829000000,
  PayOnDelivery1766900029000,
  BankTransfer1766900029100,
  TransferProofs1766900029200,
];
