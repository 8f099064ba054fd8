import { NatsContext, type NatsOptions, ServerNats } from '@nestjs/microservices';
import type { JsMsg, NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { isObservable, lastValueFrom } from 'rxjs';
import type { ServiceConfig } from '@shop/server-config';
import { InvalidEventError } from './handles.decorator';
import { type DeadLetterSink, type EventOutcome, JetStreamEventConsumer } from './jetstream-event-consumer';
import { eventConsumerSettings } from './order-event-stream';

const IN_FLIGHT_WAIT_MS = 15_000;

export type GracefulNatsOptions = NatsOptions['options'] & {
  /** Put before every subject, so that separate environments or test runs can share one NATS server. */
  subjectPrefix?: string;
  /**
   * Consume the service's event handlers (`@HandlesEvent`) from the order events stream on JetStream, with a
   * durable consumer named after the queue group (shared by the replicas), instead of core NATS.
   */
  events?: { config: ServiceConfig; logger?: Logger };
};

/** The context an event handler gets when the event came from JetStream: errors reach the consumer unmapped. */
export class JetStreamEventContext extends NatsContext {}

/**
 * NATS transport that shuts down gracefully: it stops taking new messages, lets the ones in flight
 * answer, then drains the connection. Nest's own close() drops in-flight replies.
 */
export class GracefulNatsServer extends ServerNats {
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly subjectPrefix: string;
  private readonly defaultQueue: string | undefined;
  private readonly events: GracefulNatsOptions['events'];
  private eventConsumer: JetStreamEventConsumer | null = null;
  private deadLetters: DeadLetterSink | null = null;
  /** The request subscriptions this server made (bindEvents), drained first on close. */
  private readonly requestSubscriptions: Subscription[] = [];
  private closed = false;

  constructor(options: GracefulNatsOptions) {
    const { subjectPrefix = '', events, ...natsOptions } = options ?? {};
    super(natsOptions);
    this.subjectPrefix = subjectPrefix;
    this.defaultQueue = natsOptions.queue;
    this.events = events;
  }

  /** Where events this service gives up on are recorded (see JetStreamEventConsumer). */
  setDeadLetterSink(sink: DeadLetterSink): void {
    this.deadLetters = sink;
    this.eventConsumer?.setDeadLetterSink(sink);
  }

  override bindEvents(client: NatsConnection): void {
    let consumesEvents = false;
    for (const [channel, handler] of this.messageHandlers) {
      if (this.events && handler.isEventHandler) {
        consumesEvents = true;
        continue;
      }
      const sub = client.subscribe(this.subjectPrefix + channel, {
        queue: (handler.extras?.queue as string | undefined) ?? this.defaultQueue,
        // The handler is looked up by the unprefixed pattern.
        callback: this.getMessageHandler(channel).bind(this),
      });
      this.requestSubscriptions.push(sub);
    }
    if (this.events && consumesEvents) {
      const { config, logger } = this.events;
      const settings = eventConsumerSettings(config, this.defaultQueue ?? 'service');
      this.eventConsumer = new JetStreamEventConsumer(client, config, settings, (event, payload, msg) => this.dispatchEvent(event, payload, msg), logger, {
        begin: () => this.begin(),
        end: () => this.end(),
      });
      if (this.deadLetters) this.eventConsumer.setDeadLetterSink(this.deadLetters);
      this.eventConsumer.start();
    }
  }

  /** Runs the event's handler (pipes, interceptors and filters included) and says how it went. */
  private async dispatchEvent(event: string, payload: unknown, msg: JsMsg): Promise<EventOutcome> {
    const handler = this.getHandlerByPattern(event);
    // An event this service does not handle (order.deleted...) is acknowledged: nothing to do.
    if (!handler?.isEventHandler) return { ok: true };
    try {
      const result: unknown = await handler(payload, new JetStreamEventContext([msg.subject, msg.headers as never]));
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
      return { ok: true };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err), permanent: err instanceof InvalidEventError };
    }
  }

  /**
   * Counts a request from its arrival until its last reply packet is published. Nest resolves
   * handleMessage before an async handler finishes, so the publisher is the reliable end.
   */
  override getPublisher(natsMsg: Parameters<ServerNats['getPublisher']>[0], id: string, ctx: Parameters<ServerNats['getPublisher']>[2]) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    this.begin();
    let finished = false;
    return (response: { isDisposed?: boolean; err?: unknown }) => {
      const result = publish(response);
      if (!finished && (response.isDisposed || response.err !== undefined)) {
        finished = true;
        this.end();
      }
      return result;
    };
  }

  override async handleEvent(...args: Parameters<ServerNats['handleEvent']>): Promise<unknown> {
    this.begin();
    try {
      return await super.handleEvent(...args);
    } finally {
      this.end();
    }
  }

  /** 'up' when this service's NATS connection answers a flush (a PING round trip) within the time given. */
  async ping(timeoutMs = 1000): Promise<'up' | 'down'> {
    const client = this.connection();
    if (!client || client.isClosed()) return 'down';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.flush(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      return 'up';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }

  override async close(): Promise<void> {
    const client = this.connection();
    if (!client || this.closed) return;
    this.closed = true;
    // Stop pulling events first; the ones already delivered are handled (and acknowledged) below.
    const consumer = this.eventConsumer?.stop();
    // Draining a subscription unsubscribes it and still delivers what the server already sent.
    await Promise.allSettled(this.requestSubscriptions.map((sub) => sub.drain()));
    await consumer;
    await this.waitForIdle();
    await client.drain().catch(() => client.close());
  }

  /** The server's NATS connection (Nest's public `unwrap`), or null before `listen` has connected. */
  private connection(): NatsConnection | null {
    try {
      return this.unwrap<NatsConnection>();
    } catch {
      return null;
    }
  }

  private begin(): void {
    this.inFlight++;
  }

  private end(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  private waitForIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, IN_FLIGHT_WAIT_MS);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
