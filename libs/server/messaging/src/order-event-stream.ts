import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamManager,
  nanos,
  type NatsError,
  RetentionPolicy,
  type StreamConfig,
  StorageType,
} from 'nats';
import type { BaseConfig, ServiceConfig } from '@shop/server-config';

/**
 * Where the order events live on JetStream. Subjects sit under `<NATS_SUBJECT_PREFIX>events.` (never under
 * the request-reply subjects: a stream that captured those would answer every request with its ack), and the
 * stream's name is made of the prefix too, so stacks sharing one NATS server never share a stream.
 */
export interface OrderEventStream {
  name: string;
  /** The subject filter of the whole stream. */
  subjects: string;
  /** The subject an event (`order.paid`...) is published on. */
  subjectOf(event: string): string;
  /** The event (`order.paid`) a subject carries; null when the subject is not the stream's. */
  eventOf(subject: string): string | null;
}

export function orderEventStream(config: Pick<BaseConfig, 'NATS_SUBJECT_PREFIX'>): OrderEventStream {
  const root = `${config.NATS_SUBJECT_PREFIX}events.`;
  // Stream names may not hold dots; the prefix is a name followed by a dot (or empty).
  const stack = config.NATS_SUBJECT_PREFIX.replace(/\.$/, '') || 'shop';
  return {
    name: `${stack}_order_events`,
    // Order events (`order.*`) and the catalog's low-stock events (`catalog.stock.low`) share the stream.
    subjects: `${root}>`,
    subjectOf: (event) => root + event,
    eventOf: (subject) => (subject.startsWith(root) ? subject.slice(root.length) : null),
  };
}

/** The durable consumer of one service on the order events stream (shared by its replicas). */
export interface EventConsumerSettings {
  /** The durable name: the service's queue group name. */
  durable: string;
  ackWaitMs: number;
  maxDeliver: number;
  retryBaseMs: number;
}

export function eventConsumerSettings(config: ServiceConfig, service: string): EventConsumerSettings {
  return {
    durable: service,
    ackWaitMs: config.EVENT_ACK_WAIT_SECONDS * 1000,
    maxDeliver: config.EVENT_MAX_DELIVER,
    retryBaseMs: config.EVENT_RETRY_BASE_MS,
  };
}

/** The delay before the next delivery of an event whose handling failed on delivery `delivery` (1-based). */
export function retryDelayMs(settings: EventConsumerSettings, delivery: number): number {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, delivery - 1), settings.ackWaitMs);
}

/** A JetStream API answer of 404: no such stream, consumer or message. */
export function isNotFound(err: unknown): boolean {
  const e = err as NatsError;
  return e?.code === '404' || e?.api_error?.code === 404;
}

/**
 * Creates a stream, or brings an existing one to `wanted` (subjects, age limit, duplicate window): safe to call
 * from every replica of every service at every start.
 */
async function ensureStream(jsm: JetStreamManager, wanted: Partial<StreamConfig> & { name: string }): Promise<void> {
  try {
    const current = (await jsm.streams.info(wanted.name)).config;
    if (current.subjects?.join() !== wanted.subjects?.join() || current.max_age !== wanted.max_age || current.duplicate_window !== wanted.duplicate_window) {
      await jsm.streams.update(wanted.name, { subjects: wanted.subjects, max_age: wanted.max_age, duplicate_window: wanted.duplicate_window });
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.streams.add(wanted);
    } catch (addErr) {
      // Another replica created it in between: fine if it is there now.
      await jsm.streams.info(wanted.name).catch(() => {
        throw addErr;
      });
    }
  }
}

/** Creates a durable consumer, or updates an existing one's ack wait, deliveries and filter to `wanted`. */
async function ensureConsumer(jsm: JetStreamManager, stream: string, wanted: Partial<ConsumerConfig> & { durable_name: string }): Promise<void> {
  try {
    const c = (await jsm.consumers.info(stream, wanted.durable_name)).config;
    if (c.ack_wait !== wanted.ack_wait || c.max_deliver !== wanted.max_deliver || c.filter_subject !== wanted.filter_subject) {
      await jsm.consumers.update(stream, wanted.durable_name, { ack_wait: wanted.ack_wait, max_deliver: wanted.max_deliver, filter_subject: wanted.filter_subject });
    }
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      await jsm.consumers.add(stream, wanted);
    } catch (addErr) {
      await jsm.consumers.info(stream, wanted.durable_name).catch(() => {
        throw addErr;
      });
    }
  }
}

/** A stream on file that keeps what it holds `EVENT_RETENTION_DAYS`, whatever was delivered (limits retention). */
function keptStream(name: string, subjects: string, config: Pick<ServiceConfig, 'EVENT_RETENTION_DAYS'>): Partial<StreamConfig> & { name: string } {
  return {
    name,
    subjects: [subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(config.EVENT_RETENTION_DAYS * 24 * 3600 * 1000),
  };
}

/** A durable pull consumer with explicit acks of `filterSubject`, from the first message the stream keeps. */
function durableConsumer(durable: string, filterSubject: string, ackWaitMs: number, maxDeliver: number): Partial<ConsumerConfig> & { durable_name: string } {
  return {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ackWaitMs),
    max_deliver: maxDeliver,
    filter_subject: filterSubject,
  };
}

/**
 * Creates the order events stream, or brings an existing one to this configuration. File storage, kept
 * `EVENT_RETENTION_DAYS` whatever was delivered (limits retention), so an event a consumer gave up on stays
 * readable as a dead letter.
 */
export async function ensureOrderEventStream(jsm: JetStreamManager, config: Pick<ServiceConfig, 'NATS_SUBJECT_PREFIX' | 'EVENT_RETENTION_DAYS'>): Promise<OrderEventStream> {
  const stream = orderEventStream(config);
  await ensureStream(jsm, {
    ...keptStream(stream.name, stream.subjects, config),
    // Publishes carry the outbox row id as Nats-Msg-Id: a repeat within this window is stored once.
    duplicate_window: nanos(10 * 60 * 1000),
  });
  return stream;
}

/**
 * Creates a service's durable pull consumer on the order events, or updates it to these settings. Explicit
 * acks; a message not acknowledged within the ack wait is delivered again, at most `maxDeliver` times.
 * It starts from the first event the stream keeps, so events published before the consumer ever existed
 * (a service deployed after the order service) are still delivered; consumers are idempotent.
 */
export async function ensureEventConsumer(jsm: JetStreamManager, stream: OrderEventStream, settings: EventConsumerSettings): Promise<void> {
  await ensureConsumer(jsm, stream.name, {
    ...durableConsumer(settings.durable, stream.subjects, settings.ackWaitMs, settings.maxDeliver),
    max_ack_pending: 1000,
  });
}

/**
 * JetStream's "maximum deliveries reached" advisories about the consumers of the order events stream, kept in a
 * stream of their own. The server publishes one when it would deliver an event again but the consumer has had
 * its `maxDeliver` deliveries: that is how an event whose last delivery was never acknowledged (its replica was
 * killed, or hung past the ack wait) becomes known, even when no replica was running at that moment.
 */
export interface MaxDeliveriesStream {
  name: string;
  subjects: string;
  /** The advisories about one consumer of the order events. */
  subjectOf(consumer: string): string;
}

export function maxDeliveriesStream(stream: OrderEventStream): MaxDeliveriesStream {
  const root = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream.name}.`;
  return { name: `${stream.name}_max_deliveries`, subjects: `${root}*`, subjectOf: (consumer) => root + consumer };
}

/** Creates (or updates) the advisories' stream: file storage, kept as long as the events. */
export async function ensureMaxDeliveriesStream(
  jsm: JetStreamManager,
  stream: OrderEventStream,
  config: Pick<ServiceConfig, 'EVENT_RETENTION_DAYS'>,
): Promise<MaxDeliveriesStream> {
  const advisories = maxDeliveriesStream(stream);
  await ensureStream(jsm, keptStream(advisories.name, advisories.subjects, config));
  return advisories;
}

/** A service's durable consumer of the advisories about its own event consumer; delivered until recorded. */
export async function ensureMaxDeliveriesConsumer(jsm: JetStreamManager, advisories: MaxDeliveriesStream, settings: EventConsumerSettings): Promise<void> {
  await ensureConsumer(jsm, advisories.name, durableConsumer(settings.durable, advisories.subjectOf(settings.durable), 30_000, -1));
}
