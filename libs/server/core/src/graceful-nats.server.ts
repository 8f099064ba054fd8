import { type NatsOptions, ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';

const IN_FLIGHT_WAIT_MS = 15_000;

export type GracefulNatsOptions = NatsOptions['options'] & {
  /** Put before every subject, so that separate environments or test runs can share one NATS server. */
  subjectPrefix?: string;
};

/**
 * NATS transport that shuts down gracefully: it stops taking new messages, lets the ones in flight
 * answer, then drains the connection. Nest's own close() drops in-flight replies.
 */
export class GracefulNatsServer extends ServerNats {
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly subjectPrefix: string;
  private readonly defaultQueue: string | undefined;

  constructor(options: GracefulNatsOptions) {
    const { subjectPrefix = '', ...natsOptions } = options ?? {};
    super(natsOptions);
    this.subjectPrefix = subjectPrefix;
    this.defaultQueue = natsOptions.queue;
  }

  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.messageHandlers) {
      const sub = client.subscribe(this.subjectPrefix + channel, {
        queue: (handler.extras?.queue as string | undefined) ?? this.defaultQueue,
        // The handler is looked up by the unprefixed pattern.
        callback: this.getMessageHandler(channel).bind(this),
      });
      this.subs().push(sub);
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

  override async close(): Promise<void> {
    const self = this as unknown as { natsClient: NatsConnection | null };
    const client = self.natsClient;
    if (!client) return;
    // Draining a subscription unsubscribes it and still delivers what the server already sent.
    await Promise.allSettled(this.subs().map((sub) => sub.drain()));
    await this.waitForIdle();
    await client.drain().catch(() => client.close());
    self.natsClient = null;
  }

  private begin(): void {
    this.inFlight++;
  }

  private end(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  private subs(): Subscription[] {
    return (this as unknown as { subscriptions: Subscription[] }).subscriptions;
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
