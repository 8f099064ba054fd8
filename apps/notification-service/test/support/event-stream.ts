import { loadConfig, notificationConfigSchema } from '@shop/server-config';
import { orderEventStream } from '@shop/server-messaging';
import { connect, type NatsConnection } from 'nats';

/** Reads the order events stream and the notification service's durable consumer of one stack, as an operator would. */
export class EventStreamProbe {
  private readonly stream;
  private constructor(
    private readonly nc: NatsConnection,
    prefix: string,
  ) {
    this.stream = orderEventStream(loadConfig(notificationConfigSchema, { NATS_SUBJECT_PREFIX: prefix }));
  }

  static async open(natsUrl: string, prefix: string): Promise<EventStreamProbe> {
    return new EventStreamProbe(await connect({ servers: [natsUrl] }), prefix);
  }

  get streamName(): string {
    return this.stream.name;
  }

  /** Events in the stream whose subject is for this event type (order.placed...). */
  async messages(): Promise<number> {
    const info = await (await this.nc.jetstreamManager()).streams.info(this.stream.name);
    return info.state.messages;
  }

  /** True when the consumer has delivered every event and holds none unacknowledged (or waiting for a redelivery). */
  async consumerIdle(durable = 'notification-service'): Promise<boolean> {
    const jsm = await this.nc.jetstreamManager();
    const info = await jsm.consumers.info(this.stream.name, durable).catch(() => null);
    return info !== null && info.num_pending === 0 && info.num_ack_pending === 0;
  }

  async consumer(durable = 'notification-service') {
    return (await this.nc.jetstreamManager()).consumers.info(this.stream.name, durable);
  }

  /** The stream message at a sequence (a dead letter is still there). */
  async message(seq: number): Promise<{ subject: string; json: unknown }> {
    const m = await (await this.nc.jetstreamManager()).streams.getMessage(this.stream.name, { seq });
    return { subject: m.subject, json: m.json() };
  }

  /** Deletes the service's durable consumer, as an operator's mistake or a lost store would. */
  async deleteConsumer(durable = 'notification-service'): Promise<void> {
    await (await this.nc.jetstreamManager()).consumers.delete(this.stream.name, durable);
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}
