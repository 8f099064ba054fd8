import { ConsumerEvents, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { ServiceConfig } from './config';
import { ensureEventConsumer, ensureOrderEventStream, type EventConsumerSettings, type OrderEventStream, retryDelayMs } from './order-event-stream';

/** An event a consumer gave up on: kept in the stream, and recorded where the owner and an operator can see it. */
export interface DeadLetter {
  stream: string;
  consumer: string;
  streamSequence: number;
  subject: string;
  event: string;
  /** The message as it was published (JSON when it parsed). */
  payload: unknown;
  deliveries: number;
  error: string;
}

/** Records a dead letter (the notification service keeps them in a table its outbox screen lists). */
export type DeadLetterSink = (letter: DeadLetter) => Promise<void>;

/**
 * Where a service's event consumer records dead letters (provided to every service by CoreModule): the service
 * that consumes events registers its store with `use`; without one, a dead letter is only logged (and stays in
 * the stream).
 */
export class EventDeadLetters {
  private sink: DeadLetterSink | null = null;

  use(sink: DeadLetterSink): void {
    this.sink = sink;
  }

  async record(letter: DeadLetter): Promise<void> {
    if (!this.sink) throw new Error('this service keeps no dead letters');
    await this.sink(letter);
  }
}

/** What handling an event came to: done (acknowledge), failed (retry later), or never handleable (dead letter now). */
export type EventOutcome = { ok: true } | { ok: false; error: string; permanent: boolean };

/** Hands one event to the service's handler. */
export type EventDispatch = (event: string, payload: unknown, msg: JsMsg) => Promise<EventOutcome>;

const CONCURRENCY = 16;
const RESTART_DELAY_MS = 1000;

/**
 * One service's durable JetStream consumer of the order events: creates stream and consumer (idempotently),
 * pulls, hands each event to the service, and acknowledges only once the handler finished. A failed handling
 * is delivered again after a growing delay (`nak` with delay); a message that was not acknowledged in the
 * ack wait (the replica died) is delivered again by the server. On the last delivery, or when the payload can
 * never be handled, the event goes to the dead-letter sink and is terminated; it stays in the stream.
 */
export class JetStreamEventConsumer {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private inFlight = 0;
  private slotWaiters: Array<() => void> = [];
  private deadLetters: DeadLetterSink | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly config: ServiceConfig,
    private readonly settings: EventConsumerSettings,
    private readonly dispatch: EventDispatch,
    private readonly logger: Logger | undefined,
    private readonly tracker: { begin(): void; end(): void },
  ) {}

  setDeadLetterSink(sink: DeadLetterSink): void {
    this.deadLetters = sink;
  }

  start(): void {
    this.loop = this.run();
  }

  /** Stops pulling, handles what was already delivered, and waits for the handlers in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const jsm = await this.nc.jetstreamManager();
        const stream = await ensureOrderEventStream(jsm, this.config);
        await ensureEventConsumer(jsm, stream, this.settings);
        if (this.stopped) return;
        const consumer = await this.nc.jetstream().consumers.get(stream.name, this.settings.durable);
        const messages = await consumer.consume({ max_messages: CONCURRENCY });
        this.messages = messages;
        void this.watch(messages);
        this.logger?.info({ stream: stream.name, consumer: this.settings.durable }, 'consuming order events');
        for await (const msg of this.messages) {
          await this.slot();
          void this.handle(stream, msg);
        }
      } catch (err) {
        if (!this.stopped) this.logger?.warn({ err, consumer: this.settings.durable }, 'order event consumer failed; restarting');
      }
      await this.idle();
      if (!this.stopped) await new Promise((r) => setTimeout(r, RESTART_DELAY_MS));
    }
  }

  /**
   * A consumer or stream that disappeared (deleted by hand, or a NATS server that came back without its store)
   * ends this pull, so that the loop creates them again rather than retrying a consumer that is gone.
   */
  private async watch(messages: ConsumerMessages): Promise<void> {
    for await (const status of await messages.status()) {
      if (status.type === ConsumerEvents.ConsumerDeleted || status.type === ConsumerEvents.ConsumerNotFound || status.type === ConsumerEvents.StreamNotFound) {
        this.logger?.warn({ status: status.type, consumer: this.settings.durable }, 'order event consumer lost; creating it again');
        messages.stop();
        return;
      }
    }
  }

  private async handle(stream: OrderEventStream, msg: JsMsg): Promise<void> {
    this.inFlight++;
    this.tracker.begin();
    const delivery = msg.info.redeliveryCount;
    const event = stream.eventOf(msg.subject) ?? msg.subject;
    let payload: unknown = null;
    try {
      let outcome: EventOutcome;
      try {
        payload = msg.json();
        outcome = await this.dispatch(event, payload, msg);
      } catch (err) {
        outcome = payload === null ? { ok: false, error: `not JSON: ${String(err)}`, permanent: true } : { ok: false, error: String(err), permanent: false };
      }
      if (outcome.ok) {
        msg.ack();
        return;
      }
      if (!outcome.permanent && delivery < this.settings.maxDeliver) {
        const delay = retryDelayMs(this.settings, delivery);
        this.logger?.warn({ event, streamSequence: msg.info.streamSequence, delivery, retryInMs: delay, error: outcome.error }, 'order event not handled; will be delivered again');
        msg.nak(delay);
        return;
      }
      await this.giveUp(stream, msg, event, payload, delivery, outcome.error);
    } finally {
      this.inFlight--;
      this.tracker.end();
      this.slotWaiters.shift()?.();
    }
  }

  private async giveUp(stream: OrderEventStream, msg: JsMsg, event: string, payload: unknown, delivery: number, error: string): Promise<void> {
    const letter: DeadLetter = {
      stream: stream.name,
      consumer: this.settings.durable,
      streamSequence: msg.info.streamSequence,
      subject: msg.subject,
      event,
      payload: payload ?? msg.string(),
      deliveries: delivery,
      error: error.slice(0, 1000),
    };
    this.logger?.error({ ...letter, payload: undefined }, 'order event given up: dead letter');
    try {
      if (this.deadLetters) await this.deadLetters(letter);
      // No reason text: servers before 2.10 do not read `+TERM <reason>` (the message would sit until the ack wait).
      msg.term();
    } catch (err) {
      // Not recorded: leave it unacknowledged, so the server delivers it again while deliveries remain
      // (and it stays in the stream either way, named by its sequence in the line above).
      this.logger?.error({ err, streamSequence: letter.streamSequence }, 'dead letter could not be recorded');
      if (delivery < this.settings.maxDeliver) msg.nak(retryDelayMs(this.settings, delivery));
    }
  }

  private async slot(): Promise<void> {
    while (this.inFlight >= CONCURRENCY) await new Promise<void>((r) => this.slotWaiters.push(r));
  }

  private async idle(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((r) => this.slotWaiters.push(r));
  }
}
