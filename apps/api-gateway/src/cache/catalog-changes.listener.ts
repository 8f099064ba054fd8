import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CATALOG_CHANGED_SUBJECT, type CatalogChangedMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig, natsCredentials } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { ResponseCache } from './response-cache';

/** How long start-up waits for the subscription before going on without the cache (it starts once NATS answers). */
const FIRST_CONNECT_WAIT_MS = 3000;

/**
 * Clears this replica's cache on every catalog change. A plain subscription (no queue group), so every
 * gateway replica gets every change. The cache keeps nothing until the subscription is in place, and is
 * cleared and kept off while the connection is down (changes published meanwhile would be missed), then
 * cleared again on reconnect.
 */
@Injectable()
export class CatalogChangesListener implements OnModuleInit, OnApplicationShutdown {
  private connection?: NatsConnection;
  private closed = false;

  constructor(
    private readonly cache: ResponseCache,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    cache.suspend(true);
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.API_CACHE) return;
    const started = this.start().catch((err: unknown) => this.logger.warn({ err }, 'catalog change events unavailable: API cache stays off'));
    await Promise.race([started, new Promise((r) => setTimeout(r, FIRST_CONNECT_WAIT_MS).unref())]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.cache.suspend(true);
    await this.connection?.close();
  }

  private async start(): Promise<void> {
    const nc = await connect({ servers: this.config.NATS_URL, ...natsCredentials(this.config), name: 'gateway-cache', waitOnFirstConnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    if (this.closed) {
      await nc.close();
      return;
    }
    this.connection = nc;
    const subject = this.config.NATS_SUBJECT_PREFIX + CATALOG_CHANGED_SUBJECT;
    // A callback subscription: the cache is cleared as the message is read, before any later packet is handled.
    nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        const productIds = productIdsOfChange(msg.data);
        if (productIds) this.cache.invalidateProducts(productIds);
        else this.cache.invalidate();
        this.logger.debug({ subject, productIds }, productIds ? 'products changed: their API answers cleared' : 'catalog changed: API cache cleared');
      },
    });
    // The server has the subscription once the flush answers; only then may answers be kept.
    await nc.flush();
    this.cache.suspend(false);
    this.logger.info({ subject }, 'API cache on, cleared by catalog change events');
    void this.watch(nc);
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') this.cache.suspend(true);
      // nats.js subscribes again before it reports the reconnect.
      if (status.type === 'reconnect') this.cache.suspend(false);
    }
  }
}

/** The products a change names (a review's), or undefined when everything may have changed (or the message cannot be read). */
export function productIdsOfChange(data: Uint8Array): string[] | undefined {
  try {
    const message = JSON.parse(new TextDecoder().decode(data)) as Partial<CatalogChangedMessage>;
    const ids = message.productIds;
    return Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string') ? ids : undefined;
  } catch {
    return undefined;
  }
}
