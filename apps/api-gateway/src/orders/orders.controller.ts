import { Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { type CreateOrderRequest, DaySchema, DomainError, ErrorCode, type Order, ORDER_LINK_HEADER, OrderLookupMessage, OrderListQuerySchema, type OrderPage, ORDER_SORTS, type OrderQuote, type OrderStats, OrderTab, Pattern, shopToday, validate } from '@shop/contracts';
import { type CheckoutInput, CheckoutSchema, DeliveryAreaIdSchema, DiscountCodeTextSchema, QuoteItemsSchema, VisitorIdSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import type { Request } from 'express';
import { z } from 'zod';
import { AdminAction } from '../auth/admin-action.decorator';
import { AdminOnly } from '../auth/admin-only.decorator';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { OptionalAdminGuard } from '../auth/optional-admin.guard';
import { errorSchema } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { firstValue, VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { checkoutRequest, IDEMPOTENCY_HEADER, orderPageSchema, orderSchema, quoteSchema } from './order-http';
import { OrderAccess } from './order-access';
import { TransferProofFiles } from '../uploads/transfer-proof-files';
import { ZodBody } from '../http/zod-body.decorator';
import { ApiErrors } from '../http/api-errors.decorator';
import { RateLimited } from '../http/rate-limited.decorator';

/** Creating an order reserves stock and reads settings: more than one hop, so a longer wait. */
const CREATE_TIMEOUT_MS = 15_000;

const TOO_MANY_ORDERS = 'Too many orders from this client or visitor (ORDER_RATE_LIMIT per IP, ORDER_VISITOR_RATE_LIMIT per X-Visitor-Id, per RATE_LIMIT_WINDOW_SECONDS, default 10 minutes)';
const ORDER_AGAIN = 'Seconds until the client may order again';
const idempotencyDoc = { name: 'Idempotency-Key', required: false, description: 'A retry with the same key (and visitor) answers the first order' };

/** The cart to price, with the delivery area picked and a discount code (the email, when typed, for a code's per-customer limit). */
const QuoteBodySchema = z.object({
  orderItems: QuoteItemsSchema,
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  discountCode: DiscountCodeTextSchema.optional(),
  email: z.string({ error: 'Email must be text' }).max(200, 'Email is too long').optional(),
});

/** The owner's cancel and refund: an optional short note for the order's timeline. */
const ActionBodySchema = z.object({ note: z.string({ error: 'The note must be text' }).trim().max(500, 'The note must be at most 500 characters').optional() });

type ActionBody = z.output<typeof ActionBodySchema>;

/** The owner's delivery status change: isDelivered is derived from it, a client's value is not trusted. */
const DeliveryStatusBodySchema = z.object({ deliveryStatus: z.string({ error: 'Delivery status is required' }) });

/** An owner's lifecycle action on one order (cancel, refund): admin only, the order back, 409 when the lifecycle refuses. */
function OwnerOrderAction(summary: string, conflict: string) {
  return AdminAction(summary, orderSchema, { 400: true, 404: true, 409: conflict });
}

@ServiceController('orders', 'orders', 'several')
export class OrdersController {
  private readonly limiter: ClientLimiter;
  private readonly quoteLimiter: ClientLimiter;
  private readonly codeLimiter: ClientLimiter;

  constructor(
    private readonly services: ServiceClient,
    private readonly access: OrderAccess,
    private readonly proofFiles: TransferProofFiles,
    limiters: RateLimiterFactory,
  ) {
    this.limiter = limiters.forClients('orders');
    this.quoteLimiter = limiters.forClients('quotes');
    this.codeLimiter = limiters.forClients('discount-codes');
  }

  /** Counts a valid checkout against the client's and the visitor's limits, then places it. */
  private async place(order: CreateOrderRequest, req: Request): Promise<Order> {
    await this.limiter.consume(req, order.customer.id);
    // req.ip trusts X-Forwarded-For from loopback and private proxies only (the address the limiter counted).
    const clientIp = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    // The order service limits the stock one address holds in open orders (issue 23), with the same address.
    return this.services.send(Pattern.OrdersCreate, { ...order, clientIp }, { timeoutMs: CREATE_TIMEOUT_MS });
  }

  @Post()
  @ApiOperation({ summary: 'Place a card order: prices, delivery cost and total are the server\'s; stock is reserved until paid or expired' })
  @ApiHeader(visitorHeaderDoc)
  @ApiHeader(idempotencyDoc)
  @ApiCreatedResponse({ schema: orderSchema })
  @ApiErrors({
    400: "A field is not valid (the spec's message, e.g. 'Please ensure email is valid.'), or an unknown product",
    409: 'Not enough stock (names the product and what is left), a product no longer sold, or a confirmedTotal the server\'s total no longer matches (names what changed; nothing is written)',
  })
  @RateLimited(TOO_MANY_ORDERS, ORDER_AGAIN)
  create(
    @ZodBody(CheckoutSchema) body: CheckoutInput,
    @Req() req: Request,
    @Headers(VISITOR_HEADER) visitor?: string,
    @Headers(IDEMPOTENCY_HEADER) key?: string,
  ): Promise<Order> {
    return this.place(checkoutRequest(body, visitor, key, false), req);
  }

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({
    summary: "What the server would charge for a cart now: each line's current name, picture, price and stock, lines that cannot be sold (with why) left out of the totals",
  })
  @ApiOkResponse({ schema: quoteSchema })
  @ApiHeader(visitorHeaderDoc)
  @ApiErrors({ 400: 'A line is not valid (quantities are whole numbers from 1), or the delivery area is not one of the shop\'s' })
  @RateLimited(
    'Too many quotes (QUOTE_RATE_LIMIT per IP, QUOTE_VISITOR_RATE_LIMIT per visitor) or discount codes tried (DISCOUNT_CODE_RATE_LIMIT, DISCOUNT_CODE_VISITOR_RATE_LIMIT) per RATE_LIMIT_WINDOW_SECONDS',
    ORDER_AGAIN,
  )
  async quote(@ZodBody(QuoteBodySchema) { orderItems, deliveryAreaId, discountCode, email }: z.output<typeof QuoteBodySchema>, @Req() req: Request, @Headers(VISITOR_HEADER) visitor?: string): Promise<OrderQuote> {
    const visitorId = visitorFrom(visitor);
    await this.quoteLimiter.consume(req, visitorId);
    if (discountCode) await this.codeLimiter.consume(req, visitorId);
    return this.services.send(Pattern.OrdersQuote, { items: orderItems, deliveryAreaId, discountCode, email });
  }

  @Post('inperson')
  @ApiOperation({ summary: "Place a pay-in-person order ('Preparing In Person Order'): its stock is held IN_PERSON_HOLD_SECONDS unless the owner confirms it, then until delivered or cancelled; per-order and per-client limits on what is held (409/400 naming the limit)" })
  @ApiHeader(visitorHeaderDoc)
  @ApiHeader(idempotencyDoc)
  @ApiCreatedResponse({ schema: orderSchema })
  @ApiErrors({ 400: true, 409: true })
  @RateLimited(TOO_MANY_ORDERS, ORDER_AGAIN)
  createInPerson(
    @ZodBody(CheckoutSchema) body: CheckoutInput,
    @Req() req: Request,
    @Headers(VISITOR_HEADER) visitor?: string,
    @Headers(IDEMPOTENCY_HEADER) key?: string,
  ): Promise<Order> {
    return this.place(checkoutRequest(body, visitor, key, true), req);
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'Orders by admin tab, searchable by first name, last name, email, total and order number, newest first unless sorted; archived orders only with status=archived (admin)' })
  @ApiQuery({ name: 'tab', required: false, enum: Object.values(OrderTab) })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'pageSize', required: false, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'sort', required: false, enum: ORDER_SORTS, description: 'Default date' })
  @ApiQuery({ name: 'dir', required: false, enum: ['asc', 'desc'], description: 'Default desc for date, number and total, asc for customer and area' })
  @ApiQuery({ name: 'status', required: false, enum: ['current', 'archived'], description: 'Default current' })
  @ApiOkResponse({ schema: orderPageSchema })
  list(@Query() query: Record<string, unknown>): Promise<OrderPage> {
    const keys = ['tab', 'q', 'page', 'pageSize', 'sort', 'dir', 'status'];
    const parsed = validate(OrderListQuerySchema, Object.fromEntries(keys.map((k) => [k, firstValue(query[k])])));
    return this.services.send(Pattern.OrdersList, parsed);
  }

  @Get('stats')
  @AdminOnly()
  @ApiOperation({ summary: 'Dashboard: paid revenue and orders per day (shop time), orders per tab, best sellers, sidebar badge (admin)' })
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD, default 29 days before to' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD, default today' })
  @ApiOkResponse({ schema: { type: 'object' } })
  stats(@Query('from') from: unknown, @Query('to') to: unknown): Promise<OrderStats> {
    const range = validate(z.object({ from: DaySchema, to: DaySchema }), {
      from: firstValue(from) ?? shopToday(-29),
      to: firstValue(to) ?? shopToday(),
    });
    return this.services.send(Pattern.OrdersStats, range);
  }

  @Get('tracking/:userId')
  @ApiOperation({ summary: "The visitor's own orders, newest first: X-Visitor-Id must be that visitor" })
  @ApiHeader({ ...visitorHeaderDoc, required: true })
  @ApiOkResponse({ schema: { type: 'array', items: orderSchema } })
  @ApiErrors({ 400: true, 403: "Another visitor's orders" })
  tracking(@Param('userId') userId: string, @Headers(VISITOR_HEADER) visitor?: string): Promise<Order[]> {
    const visitorId = validate(VisitorIdSchema, userId);
    if (visitorFrom(visitor) !== visitorId) throw new DomainError(ErrorCode.Forbidden, "You can only see your own orders");
    return this.services.send(Pattern.OrdersTracking, { visitorId });
  }

  @Get(':id')
  @UseGuards(OptionalAdminGuard)
  @ApiOperation({
    summary:
      "One order; contact details only for the visitor who placed it (X-Visitor-Id), an admin, the holder of the order's signed mail link (X-Order-Link), or a browser whose code proved the order's mailbox (order_access cookie)",
  })
  @ApiHeader(visitorHeaderDoc)
  @ApiHeader({ name: 'X-Order-Link', required: false, description: "The key (`k`) of the order's tracking link from a mail: signed, 30 days" })
  @ApiOkResponse({ schema: orderSchema })
  @ApiErrors({ 403: OrderLookupMessage.LinkRefused, 404: true })
  get(
    @Param('id') id: string,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Req() req: Request,
    @Headers(VISITOR_HEADER) visitor?: string,
    @Headers(ORDER_LINK_HEADER) link?: string,
  ): Promise<Order> {
    const signedLink = this.access.linkHolds(id, link);
    return this.services.send(Pattern.OrdersGet, { id, visitorId: visitorFrom(visitor), isAdmin: admin !== null, viewerEmail: this.access.emailOf(req), signedLink });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: "Set an order's deliveryStatus; isDelivered and deliveredAt follow it; delivering an in-person order records its payment (admin)" })
  @ApiOkResponse({ schema: orderSchema })
  @ApiErrors({ 400: true, 404: true, 409: 'An unpaid card order cannot be sent out or delivered' })
  update(@Param('id') id: string, @ZodBody(DeliveryStatusBodySchema) { deliveryStatus }: z.output<typeof DeliveryStatusBodySchema>): Promise<Order> {
    return this.services.send(Pattern.OrdersUpdateStatus, { id, deliveryStatus: deliveryStatus as Order['deliveryStatus'] });
  }

  @Post(':id/cancel')
  @OwnerOrderAction(
    "Cancel an order not yet out for delivery: its stock goes back, the shopper is mailed, a paid order becomes 'refund due' (admin)",
    'The order is out for delivery, delivered or already cancelled',
  )
  cancel(@Param('id') id: string, @ZodBody(ActionBodySchema, { required: false }) action: ActionBody): Promise<Order> {
    return this.services.send(Pattern.OrdersCancel, { id, ...action });
  }

  @Post(':id/refund')
  @OwnerOrderAction("Record that a cancelled paid order's money was paid back (admin)", 'Only a cancelled paid order can have its refund recorded')
  recordRefund(@Param('id') id: string, @ZodBody(ActionBodySchema, { required: false }) action: ActionBody): Promise<Order> {
    return this.services.send(Pattern.OrdersRecordRefund, { id, ...action });
  }

  @Post(':id/confirm')
  @OwnerOrderAction('Confirm a pay-in-person order: its stock is held until delivered or cancelled, no longer until its hold ends (admin)', 'Not an unconfirmed in-person order')
  confirm(@Param('id') id: string, @ZodBody(ActionBodySchema, { required: false }) action: ActionBody): Promise<Order> {
    return this.services.send(Pattern.OrdersConfirm, { id, ...action });
  }

  @Post(':id/fulfil')
  @OwnerOrderAction(
    "Fulfil a paid order that was out of stock, once restocked: its stock is taken and it is prepared (admin)",
    'Not a paid order out of stock, or the stock is still short (names the product and what is left)',
  )
  fulfil(@Param('id') id: string, @ZodBody(ActionBodySchema, { required: false }) action: ActionBody): Promise<Order> {
    return this.services.send(Pattern.OrdersFulfil, { id, ...action });
  }

  @Post(':id/archive')
  @AdminAction(
    'Archive a finished order (delivered, cancelled, refunded, never paid): it leaves the admin lists and stays in the reports (admin)',
    orderSchema,
    { 404: true, 409: 'The order still needs the owner or waits for a payment' },
  )
  archive(@Param('id') id: string): Promise<Order> {
    return this.services.send(Pattern.OrdersArchive, { id, archived: true });
  }

  @Post(':id/restore')
  @AdminAction('Restore an archived order to the admin lists (admin)', orderSchema, { 404: true })
  restore(@Param('id') id: string): Promise<Order> {
    return this.services.send(Pattern.OrdersArchive, { id, archived: false });
  }

  @Delete(':id')
  @AdminAction(
    'Delete an unpaid order that holds no stock (payment failed, expired or cancelled unpaid) for good; any other order is archived instead (admin)',
    errorSchema,
    { 404: true, 409: 'The order was paid, holds stock or was sold: archive it instead' },
  )
  async remove(@Param('id') id: string): Promise<{ message: string }> {
    const { message, transferProofKeys = [] } = await this.services.send(Pattern.OrdersDelete, { id });
    // The deleted order's proofs of transfer (issue 29): their files go too.
    for (const key of transferProofKeys) await this.proofFiles.discard(key);
    return { message };
  }
}
