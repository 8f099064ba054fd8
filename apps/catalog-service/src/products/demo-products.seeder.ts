import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import { toCents } from '@shop/money';
import type { Logger } from 'pino';
import { TransactionContext } from '@shop/server-database';
import { ProductInputSchema } from '@shop/rules';
import { DEMO_DETAILS, DEMO_OPTIONS, DEMO_PRODUCTS } from './demo-products';
import { ProductService } from './product.service';
import { ProductsRepository } from './products.repository';

/** Fills an empty catalogue with the demo products when SEED_DEMO_DATA is on (local and demo stacks). */
@Injectable()
export class DemoProductsSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly products: ProductsRepository,
    private readonly tx: TransactionContext,
    private readonly productService: ProductService,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    const inserted = await this.seed();
    if (inserted > 0) this.logger.info({ inserted }, 'demo products seeded');
  }

  /** Inserts the demo products if the catalogue has never held a product; returns how many it inserted. */
  async seed(): Promise<number> {
    return this.tx.run(async () => {
      // Replicas starting together must not both seed.
      await this.products.lockDemoSeed();
      const existing = await this.products.countEver();
      if (existing > 0) return 0;
      const base = Date.now() - DEMO_PRODUCTS.length * 60_000;
      const ids = await this.products.insertMany(
        DEMO_PRODUCTS.map((p, i) => ({
          name: p.name,
          priceCents: toCents(p.price),
          oldpriceCents: toCents(p.oldprice),
          image: p.image,
          subimages: [...p.subimages],
          description: p.description,
          countInStock: p.countInStock,
          promotext: p.promotext,
          type: p.type,
          purchases: p.purchases,
          ...DEMO_DETAILS[p.name],
          // Spread creation times so that "newest" has a stable order.
          createdAt: new Date(base + i * 60_000),
        })),
      );
      // Sizes and shades go through the owner's own path (the product form), which makes the combinations.
      for (const [i, p] of DEMO_PRODUCTS.entries()) {
        const variants = DEMO_OPTIONS[p.name];
        if (variants) await this.productService.update(ids[i], ProductInputSchema.parse({ ...p, subimages: [...p.subimages], ...DEMO_DETAILS[p.name], ...variants }));
      }
      return DEMO_PRODUCTS.length;
    });
  }
}
