import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { IsNull, type Repository } from 'typeorm';
import { ReviewEntity } from '../reviews/review.entity';
import { reviewVisibleToPublic } from '../reviews/review-visibility';
import { ProductEntity } from './product.entity';
import { VARIANT_SUMMARY_COLUMNS } from './variant-summary';

/** Products' I/O (their TypeORM entity, and SQL where a lock or a count needs it); joins the current transaction. */
@Injectable()
export class ProductsRepository {
  constructor(private readonly tx: TransactionContext) {}

  private get products(): Repository<ProductEntity> {
    return this.tx.db().getRepository(ProductEntity);
  }

  /** Every product on sale (not hidden by the owner), newest first. */
  async listOnSale(): Promise<ProductEntity[]> {
    return this.products.find({ where: { visible: true }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /**
   * The types found among products on sale, alphabetically; with `includeHidden`, among every product the owner has
   * (hidden ones too), leaving out `exceptProduct` (a product whose own type is being changed).
   */
  async types(includeHidden = false, exceptProduct?: string): Promise<string[]> {
    const query = this.products.createQueryBuilder('p').select('DISTINCT p.type', 'type').where('p.deleted_at IS NULL');
    if (!includeHidden) query.andWhere('p.visible');
    if (exceptProduct) query.andWhere('p.id <> :exceptProduct', { exceptProduct });
    const rows: Array<{ type: string }> = await query.orderBy('p.type').getRawMany();
    return rows.map((r) => r.type);
  }

  /** The product if it is not deleted (the entity hides deleted ones) and, unless `includeHidden`, on sale. */
  async findOnSale(id: string, includeHidden = false): Promise<ProductEntity | null> {
    return this.products.findOneBy(includeHidden ? { id } : { id, visible: true });
  }

  /** The shop's low-stock threshold (site settings), or `fallback` before the settings exist. */
  async lowStockThreshold(fallback: number): Promise<number> {
    const [row] = await this.tx.db().query('SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.low_stock_threshold) : fallback;
  }

  /**
   * The variants on sale with at most `max` in stock of these products that have options (issue 28), as rows of
   * `VARIANT_SUMMARY_COLUMNS`, by product and the owner's order.
   */
  async variantsAtMost(productIds: string[], max: number): Promise<Array<Record<string, unknown>>> {
    return this.tx.db().query(
      `SELECT ${VARIANT_SUMMARY_COLUMNS}
         FROM catalog.product_variants v JOIN catalog.products p ON p.id = v.product_id
        WHERE p.id = ANY($1::uuid[]) AND p.options <> '[]'::jsonb AND v.active AND v.deleted_at IS NULL AND v.count_in_stock <= $2
        ORDER BY p.id, v.position, v.id`,
      [productIds, max],
    );
  }

  /** The product's reviews the public may see (never pending or hidden ones), newest first. */
  async publicReviewsOf(productId: string): Promise<ReviewEntity[]> {
    return this.tx.db()
      .getRepository(ReviewEntity)
      .createQueryBuilder('r')
      .where('r.product_id = :productId', { productId })
      .andWhere(reviewVisibleToPublic('r'))
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'ASC')
      .getMany();
  }

  async insert(columns: Partial<ProductEntity>): Promise<ProductEntity> {
    return this.products.save(this.products.create(columns));
  }

  async updateOnSale(id: string, columns: Partial<ProductEntity>): Promise<void> {
    await this.products.update({ id, deletedAt: IsNull() }, columns);
  }

  /** Locks the product's row until the transaction ends, so that no reservation can slip in. */
  async lock(id: string): Promise<void> {
    await this.tx.db().query('SELECT 1 FROM catalog.products WHERE id = $1 FOR UPDATE', [id]);
  }

  /** How many open (reserved) stock reservations hold the product. */
  async openReservations(id: string): Promise<number> {
    const [{ open }] = await this.tx.db().query(
      `SELECT count(*)::int AS open FROM catalog.stock_reservations WHERE product_id = $1 AND status = 'reserved'`,
      [id],
    );
    return open;
  }

  async softDelete(id: string): Promise<void> {
    await this.tx.db().softDelete(ProductEntity, { id });
  }

  /** Serialises demo seeding until the transaction ends: replicas starting together must not both seed. */
  async lockDemoSeed(): Promise<void> {
    await this.tx.db().query(`SELECT pg_advisory_xact_lock(hashtext('catalog.demo-seed'))`);
  }

  /** Every product the catalogue ever held, deleted ones included. */
  async countEver(): Promise<number> {
    return this.tx.db().count(ProductEntity, { withDeleted: true });
  }

  /** Inserts the rows and answers their ids, in the rows' order. */
  async insertMany(rows: Array<Partial<ProductEntity>>): Promise<string[]> {
    const result = await this.tx.db().insert(ProductEntity, rows);
    return result.identifiers.map((i) => String(i.id));
  }
}
