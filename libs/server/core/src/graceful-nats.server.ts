import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';

const IN_FLIGHT_WAIT_MS = 15_000;

/**
 * NATS transport that shuts down gracefully: it stops taking new messages, lets the ones in flight
 * answer, then drains the connection. Nest's own close() drops in-flight replies.
 */
export class GracefulNatsServer extends ServerNats {
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  override async handleMessage(channel: string, natsMsg: Parameters<ServerNats['handleMessage']>[1]): Promise<unknown> {
    this.inFlight++;
    try {
      return await super.handleMessage(channel, natsMsg);
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
    }
  }

  override async close(): Promise<void> {
    const client = (this as unknown as { natsClient: NatsConnection | null }).natsClient;
    if (!client) return;
    const subscriptions = (this as unknown as { subscriptions: Subscription[] }).subscriptions;
    // Draining a subscription unsubscribes it and still delivers what the server already sent.
    await Promise.allSettled(subscriptions.map((sub) => sub.drain()));
    await this.waitForIdle();
    await client.drain().catch(() => client.close());
    (this as unknown as { natsClient: NatsConnection | null }).natsClient = null;
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
