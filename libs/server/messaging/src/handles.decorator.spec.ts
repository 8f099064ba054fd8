import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type CustomTransportStrategy, NatsContext, Payload, Server } from '@nestjs/microservices';
import {
  DeliveryStatus,
  ErrorCode,
  type EventPayload,
  type Order,
  OrderEvent,
  Pattern,
  type PatternRequest,
  type StockChangeResponse,
} from '@shop/contracts';
import type { Logger } from 'pino';
import { lastValueFrom } from 'rxjs';
import { Handles, HandlesEvent } from './handles.decorator';
import { RpcDomainExceptionFilter } from './rpc-exception.filter';

/** Runs handlers through Nest's own RPC pipeline (pipes, filter) without a broker. */
class InMemoryServer extends Server implements CustomTransportStrategy {
  listen(callback: () => void): void {
    callback();
  }
  close(): void {}
  on(): void {}
  unwrap<T>(): T {
    throw new Error('no broker');
  }
  async call(pattern: string, data: unknown): Promise<unknown> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) throw new Error(`no handler for ${pattern}`);
    return lastValueFrom(this.transformToObservable(await handler(data, new NatsContext([pattern, undefined]))), { defaultValue: undefined });
  }
}

const received: unknown[] = [];

@Controller()
class ExampleController {
  @Handles(Pattern.StockCommit)
  commit(@Payload() payload: PatternRequest<typeof Pattern.StockCommit>): StockChangeResponse {
    received.push(payload);
    return { orderId: payload.orderId, changed: true, status: 'committed' };
  }

  @Handles(Pattern.ReviewsUpsert)
  async upsert(@Payload() payload: PatternRequest<typeof Pattern.ReviewsUpsert>): Promise<never> {
    received.push(payload);
    throw new Error('not reached in these tests');
  }

  @Handles(Pattern.NotificationsList)
  async list(@Payload() payload: PatternRequest<typeof Pattern.NotificationsList>) {
    received.push(payload);
    return { notifications: [], page: payload.page, pages: 1, total: 0 };
  }

  @HandlesEvent(OrderEvent.StatusChanged)
  async statusChanged(@Payload() payload: EventPayload<typeof OrderEvent.StatusChanged>): Promise<void> {
    received.push(payload);
  }
}

@Module({ controllers: [ExampleController] })
class ExampleModule {}

const order: Order = {
  _id: '0b7f2a52-8d5c-4a53-9d53-5d3d3f0c1a11',
  orderNumber: 'IG-10427',
  customer: { id: 'uid-abcdefghijkl', fname: 'Aaliyah', lname: 'Mohammed', email: 'a@shopper.test', phone: '(868)555-0101', city: 'Arima', street: '1 Main St' },
  orderItems: [{ name: 'Curl Cream', product: '5b0f2a52-8d5c-4a53-9d53-5d3d3f0c1a11', qty: 1, price: 95.5, image: '/api/files/demo/curl.jpg' }],
  itemsPrice: 95.5,
  deliveryCost: 35,
  deliveryArea: null,
  discount: null,
  totalPrice: 130.5,
  paymentMethod: 'card',
  paymentReference: 'oid-abcdefabcdef',
  isPaid: true,
  paidAt: '2026-11-23T16:00:00.000Z',
  isDelivered: false,
  deliveredAt: null,
  deliveryStatus: DeliveryStatus.OutForDelivery,
  isInPerson: false,
  createdAt: '2026-11-23T15:00:00.000Z',
  state: 'paid',
};

describe('@Handles / @HandlesEvent', () => {
  let app: INestMicroservice;
  let server: InMemoryServer;
  const logger = { warn: jest.fn(), error: jest.fn() };

  beforeAll(async () => {
    server = new InMemoryServer();
    app = await NestFactory.createMicroservice(ExampleModule, { strategy: server, logger: false });
    app.useGlobalFilters(new RpcDomainExceptionFilter(logger as unknown as Logger));
    await app.listen();
  });

  afterAll(() => app.close());

  beforeEach(() => {
    received.length = 0;
    jest.clearAllMocks();
  });

  it('hands the handler the parsed payload: defaults filled in, unknown keys dropped', async () => {
    expect(await server.call(Pattern.StockCommit, { orderId: 'ord-1', extra: 'dropped' })).toEqual({ orderId: 'ord-1', changed: true, status: 'committed' });
    expect(received).toEqual([{ orderId: 'ord-1' }]);

    await server.call(Pattern.NotificationsList, { status: 'failed' });
    expect(received[1]).toEqual({ page: 1, pageSize: 20, status: 'failed' });
  });

  it('answers an invalid payload with the message the service gave before, as a VALIDATION error, without running the handler', async () => {
    await expect(server.call(Pattern.StockCommit, { orderId: 'not a key!' })).rejects.toEqual({ code: ErrorCode.Validation, message: 'Order id is not valid' });
    // The visitor id is checked before the review, as ReviewService did.
    await expect(
      server.call(Pattern.ReviewsUpsert, { productId: 'p', visitorId: 'nope', review: { name: '', rating: 9, comment: '' } }),
    ).rejects.toEqual({ code: ErrorCode.Validation, message: 'Visitor id is not valid' });
    await expect(
      server.call(Pattern.ReviewsUpsert, { productId: 'p', visitorId: 'uid-abcdefghijkl', review: { name: 'Ann', rating: 4.2, comment: 'Nice' } }),
    ).rejects.toEqual({ code: ErrorCode.Validation, message: 'Rating must be in half steps' });
    await expect(server.call(Pattern.NotificationsList, { page: 0 })).rejects.toEqual({ code: ErrorCode.Validation, message: 'page must be a whole number from 1' });
    expect(received).toEqual([]);
  });

  it('validates events with their schema and drops (and logs) one that breaks its contract', async () => {
    await server.call(OrderEvent.StatusChanged, { event: OrderEvent.StatusChanged, eventId: 'e1', occurredAt: order.createdAt, order, previousStatus: DeliveryStatus.Preparing });
    expect(received).toHaveLength(1);

    const withoutPrevious = { event: OrderEvent.StatusChanged, eventId: 'e2', occurredAt: order.createdAt, order };
    await expect(server.call(OrderEvent.StatusChanged, withoutPrevious)).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(server.call(OrderEvent.StatusChanged, { event: OrderEvent.StatusChanged, eventId: 'e3', occurredAt: order.createdAt, order: { _id: order._id } })).rejects.toMatchObject({
      code: ErrorCode.Validation,
    });
    expect(received).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn.mock.calls[0][0]).toMatchObject({ event: OrderEvent.StatusChanged });
  });

  it('refuses, at start-up, a pattern or event the contracts have no schema for', () => {
    expect(() => Handles('catalog.nope' as Pattern)).toThrow("No contract schema for message pattern 'catalog.nope'");
    expect(() => HandlesEvent('order.nope' as OrderEvent)).toThrow("No contract schema for event 'order.nope'");
  });
});

// Compile-time checks (run by the typecheck step, never executed): a handler's payload is the contract's type or nothing.
export function compileTimeChecks(): unknown {
  class NotCompiled {
    // @ts-expect-error a pattern that is not in the contracts
    @Handles('catalog.nope')
    nope(): void {}

    // @ts-expect-error a handler may not take `unknown`
    @Handles(Pattern.StockCommit)
    untyped(@Payload() _payload: unknown): Promise<StockChangeResponse> {
      throw new Error('never called');
    }

    // @ts-expect-error nor a payload typed after another pattern
    @Handles(Pattern.StockCommit)
    otherPattern(@Payload() _payload: PatternRequest<typeof Pattern.StockReserve>): Promise<StockChangeResponse> {
      throw new Error('never called');
    }

    // @ts-expect-error nor answer something other than the pattern's response
    @Handles(Pattern.StockCommit)
    wrongAnswer(@Payload() _payload: PatternRequest<typeof Pattern.StockCommit>): Promise<string> {
      throw new Error('never called');
    }
  }
  return NotCompiled;
}
