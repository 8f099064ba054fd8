import { ConsumerEvents, type ConsumerMessages, type JetStreamManager, type JsMsg, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { ServiceConfig } from '@shop/server-config';
import {
  ensureEventConsumer,
  ensureMaxDeliveriesConsumer,
  ensureMaxDeliveriesStream,
  ensureOrderEventStream,
  type EventConsumerSettings,
  isNotFound,
  type OrderEventStream,
  retryDelayMs,
} from './order-event-stream';

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
/** When an advisory could not be recorded: the delay before it is tried again. */
const ADVISORY_RETRY_MS = 5000;

/** JetStream's advisory that a consumer had all its deliveries of a message (`io.nats.jetstream.advisory.v1.max_deliver`). */
interface MaxDeliveriesAdvisory {
  stream: string;
  consumer: string;
  stream_seq: number;
  deliveries: number;
}

/**
 * One service's durable JetStream consumer of the order events: creates stream and consumer (idempotently),
 * pulls, hands each event to the service, and acknowledges only once the handler finished. A failed handling
 * is delivered again after a growing delay (`nak` with delay); a message that was not acknowledged in the
 * ack wait (the replica died) is delivered again by the server. On the last delivery, or when the payload can
 * never be handled, the event goes to the dead-letter sink and is terminated; it stays in the stream.
 * When the last delivery itself was never acknowledged (its replica was killed, or hung past the ack wait), the
 * server's "maximum deliveries" advisory, kept in a stream of its own, brings the event to the sink instead.
 */
export class JetStreamEventConsumer {
  private messages: ConsumerMessages | null = null;
  private advisories: ConsumerMessages | null = null;
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
    await this.advisories?.close().catch(() => undefined);
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const jsm = await this.nc.jetstreamManager();
        const stream = await ensureOrderEventStream(jsm, this.config);
        await ensureEventConsumer(jsm, stream, this.settings);
        if (this.stopped) return;
        const advisoryStream = await ensureMaxDeliveriesStream(jsm, stream, this.config);
        await ensureMaxDeliveriesConsumer(jsm, advisoryStream, this.settings);
        if (this.stopped) return;
        const consumer = await this.nc.jetstream().consumers.get(stream.name, this.settings.durable);
        const messages = await consumer.consume({ max_messages: CONCURRENCY });
        this.messages = messages;
        void this.watch(messages);
        const advisories = await (await this.nc.jetstream().consumers.get(advisoryStream.name, this.settings.durable)).consume({ max_messages: 4 });
        this.advisories = advisories;
        void this.watch(advisories);
        const recording = this.recordGivenUp(jsm, stream, advisories);
        this.logger?.info({ stream: stream.name, consumer: this.settings.durable }, 'consuming order events');
        try {
          for await (const msg of this.messages) {
            await this.slot();
            void this.handle(stream, msg);
          }
        } finally {
          advisories.stop();
          await recording;
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

  /**
   * Records, as dead letters, the events whose deliveries ran out without an acknowledgement, from the server's
   * advisories (one per event): the event is read back from the stream by its sequence. An advisory is
   * acknowledged once recorded, and tried again later when recording fails.
   */
  private async recordGivenUp(jsm: JetStreamManager, stream: OrderEventStream, advisories: ConsumerMessages): Promise<void> {
    try {
      for await (const msg of advisories) {
        try {
          const advisory = msg.json<MaxDeliveriesAdvisory>();
          const stored = await jsm.streams.getMessage(advisory.stream, { seq: advisory.stream_seq }).catch((err: unknown) => {
            if (isNotFound(err)) return null; // aged out of the stream
            throw err;
          });
          let payload: unknown = stored ? stored.string() : null;
          try {
            payload = stored ? stored.json() : null;
          } catch {
            /* not JSON: keep the text */
          }
          const letter: DeadLetter = {
            stream: advisory.stream,
            consumer: advisory.consumer,
            streamSequence: advisory.stream_seq,
            subject: stored?.subject ?? '',
            event: stored ? (stream.eventOf(stored.subject) ?? stored.subject) : '(no longer in the stream)',
            payload,
            deliveries: advisory.deliveries,
            error: `delivered ${advisory.deliveries} time(s); the last delivery was never acknowledged within the ack wait (its replica stopped or hung)`,
          };
          this.logger?.error({ ...letter, payload: undefined }, 'order event given up: dead letter');
          if (this.deadLetters) await this.deadLetters(letter);
          msg.ack();
        } catch (err) {
          this.logger?.error({ err, consumer: this.settings.durable }, 'a given-up order event could not be recorded; trying again later');
          msg.nak(ADVISORY_RETRY_MS);
        }
      }
    } catch (err) {
      if (!this.stopped) this.logger?.warn({ err, consumer: this.settings.durable }, 'order event advisories ended');
    }
    // Advisories that end on their own (their consumer or stream was lost) restart the whole pull, which creates them again.
    if (!this.stopped) this.messages?.stop();
  }

  private async slot(): Promise<void> {
    while (this.inFlight >= CONCURRENCY) await new Promise<void>((r) => this.slotWaiters.push(r));
  }

  private async idle(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((r) => this.slotWaiters.push(r));
  }
}
