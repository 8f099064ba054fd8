import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  Module,
  type NestInterceptor,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { NatsContext } from '@nestjs/microservices';
import { CATALOG_CHANGED_SUBJECT, type CatalogChangedMessage, Pattern } from '@shop/contracts';
import { APP_CONFIG, type CatalogConfig, natsCredentials } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { concatMap, type Observable } from 'rxjs';

/**
 * The catalog's messages that change what the public reads (products, reviews, stock and with it
 * `countInStock` and trending order, site settings). A new pattern that changes public data belongs here.
 */
export const CATALOG_CHANGING_PATTERNS: ReadonlySet<string> = new Set<string>([
  Pattern.ProductsCreate,
  Pattern.ProductsUpdate,
  Pattern.ProductsDelete,
  Pattern.ProductsVariantsBulk,
  Pattern.ProductsImport,
  Pattern.ReviewsUpsert,
  Pattern.ReviewsDelete,
  Pattern.ReviewsModerate,
  Pattern.StockReserve,
  Pattern.StockCommit,
  Pattern.StockRelease,
  Pattern.StockReturn,
  Pattern.StockReclaim,
  Pattern.StockRestock,
  Pattern.SettingsUpdate,
  Pattern.SettingsPatch,
]);

/**
 * The changing messages that touch one product only, with where its id is in the handler's answer: a review changes
 * that product's page and the lists that show it (rating, number of reviews), nothing else. Issue 23: a stream of
 * reviews used to empty every gateway's whole cache. A shopper's write answers the product (`_id`); the owner's
 * moderation (issue 26) answers the review, which names its product (`productId`).
 */
const PRODUCT_SCOPED_PATTERNS: ReadonlyMap<string, '_id' | 'productId'> = new Map<string, '_id' | 'productId'>([
  [Pattern.ReviewsUpsert, '_id'],
  [Pattern.ReviewsDelete, '_id'],
  [Pattern.ReviewsModerate, 'productId'],
]);

/**
 * The product a product-scoped change touched, read from the handler's answer (the product's id as stored, so it is
 * written exactly as in every public answer), or undefined: everything may have changed.
 */
export function changedProducts(pattern: string, answer: unknown): string[] | undefined {
  const key = PRODUCT_SCOPED_PATTERNS.get(pattern);
  if (!key) return undefined;
  const id = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  return typeof id === 'string' ? [id] : undefined;
}

const FLUSH_TIMEOUT_MS = 1000;

/** Publishes `catalog.changed` on core NATS (no queue group on the gateways' side: every replica hears it). */
@Injectable()
export class CatalogChangePublisher implements OnModuleInit, OnApplicationShutdown {
  private connection?: NatsConnection;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.connection = await connect({ servers: this.config.NATS_URL, ...natsCredentials(this.config), name: 'catalog-changes', maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection?.drain();
  }

  /**
   * Publishes, then waits for the NATS server to confirm it has routed the message (a flush), so that the
   * gateways get the change before the caller gets its answer. A failure is logged, not thrown: the change
   * is committed, and the gateways' TTL bounds how long they may keep the old answer.
   */
  async changed(pattern: string, productIds?: string[]): Promise<void> {
    const nc = this.connection;
    if (!nc) return;
    const subject = this.config.NATS_SUBJECT_PREFIX + CATALOG_CHANGED_SUBJECT;
    const message: CatalogChangedMessage = { pattern, at: new Date().toISOString(), ...(productIds ? { productIds } : {}) };
    try {
      nc.publish(subject, JSON.stringify(message));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        nc.flush(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('flush timed out')), FLUSH_TIMEOUT_MS))),
      ]).finally(() => clearTimeout(timer));
    } catch (err) {
      this.logger.warn({ err, subject, pattern }, 'could not publish the catalog change; gateways keep old answers until their TTL');
    }
  }
}

/** After a changing message's handler has answered (its transaction committed), publishes the change before the answer leaves. */
@Injectable()
export class CatalogChangeInterceptor implements NestInterceptor {
  constructor(
    private readonly publisher: CatalogChangePublisher,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject?.() ?? '';
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    const pattern = subject.startsWith(prefix) ? subject.slice(prefix.length) : subject;
    if (!CATALOG_CHANGING_PATTERNS.has(pattern)) return next.handle();
    return next.handle().pipe(
      concatMap(async (answer: unknown) => {
        await this.publisher.changed(pattern, changedProducts(pattern, answer));
        return answer;
      }),
    );
  }
}

@Module({ providers: [CatalogChangePublisher, { provide: APP_INTERCEPTOR, useClass: CatalogChangeInterceptor }] })
export class CatalogChangesModule {}
