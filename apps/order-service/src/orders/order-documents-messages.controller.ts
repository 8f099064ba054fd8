import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Order,
  ORDER_EXPORT_PAGE_SIZE,
  type OrderExportRow,
  type OrdersExportPage,
  Pattern,
  type PatternRequest,
  RUN_SHEET_MAX_ORDERS,
  TO_DELIVER_STATES,
} from '@shop/contracts';
import { fromCents } from '@shop/money';
import { Handles } from '@shop/server-messaging';
import { OrderDocumentsRepository } from './order-documents.repository';
import { type OrderRow, toOwnerOrder } from './order-row';

/** The orders behind the owner's run sheet and the accountant's export (issue 26); the gateway asks as an admin. */
@Controller()
export class OrderDocumentsMessagesController {
  constructor(private readonly documents: OrderDocumentsRepository) {}

  @Handles(Pattern.OrdersRunSheet)
  async runSheet(@Payload() { date }: PatternRequest<typeof Pattern.OrdersRunSheet>): Promise<Order[]> {
    return (await this.documents.runSheet(date, TO_DELIVER_STATES, RUN_SHEET_MAX_ORDERS)).map(toOwnerOrder);
  }

  @Handles(Pattern.OrdersExport)
  async export(@Payload() { from, to, page }: PatternRequest<typeof Pattern.OrdersExport>): Promise<OrdersExportPage> {
    const { rows, total } = await this.documents.exportPage(from, to, (page - 1) * ORDER_EXPORT_PAGE_SIZE, ORDER_EXPORT_PAGE_SIZE);
    return { rows: rows.map(toExportRow), page, pages: Math.max(1, Math.ceil(total / ORDER_EXPORT_PAGE_SIZE)) };
  }
}

function toExportRow(row: OrderRow): OrderExportRow {
  const order = toOwnerOrder(row);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    customerName: [row.fname, row.lname].filter(Boolean).join(' '),
    area: row.delivery_area_name,
    itemsPrice: order.itemsPrice,
    discount: fromCents(Number(row.discount_cents ?? 0)),
    deliveryCost: order.deliveryCost,
    totalPrice: order.totalPrice,
    paymentMethod: order.paymentMethod,
    payOnDelivery: order.payOnDelivery ?? null,
    isPaid: order.isPaid,
    state: order.state,
    deliveryStatus: order.deliveryStatus,
    transactionReference: row.transaction_id ?? row.payment_reference,
  };
}
