import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ConflictError,
  NotFoundError,
  type Product,
  ProductIdSchema,
  type ProductPage,
  type ProductSummary,
  validate,
} from '@shop/contracts';
import { toCents } from '@shop/money';
import { PRODUCT_PAGE_SIZE, type ProductInput, ProductInputSchema, type ProductQuery, ProductQuerySchema } from '@shop/rules';
import { IsNull, type Repository } from 'typeorm';
import { ReviewEntity } from '../reviews/review.entity';
import { ProductEntity } from './product.entity';
import { toProduct, toProductSummary } from './product.mapper';
import { ProductSearchRepository } from './product-search.repository';

const NOT_FOUND = 'Product not found';

@Injectable()
export class ProductService {
  constructor(
    @InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>,
    @InjectRepository(ReviewEntity) private readonly reviews: Repository<ReviewEntity>,
    private readonly search: ProductSearchRepository,
  ) {}

  /** Every product on sale, newest first (the spec's plain list). */
  async list(): Promise<ProductSummary[]> {
    const rows = await this.products.find({ order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toProductSummary);
  }

  /** One page of a search, filter or sort, counted in the same query. */
  async page(rawQuery: unknown): Promise<ProductPage> {
    const query: ProductQuery = validate(ProductQuerySchema, rawQuery ?? {});
    const { rows, total } = await this.search.search(query);
    const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
    return {
      products: rows.map(toProductSummary),
      page: query.page ?? 1,
      pages: Math.ceil(total / pageSize),
      total,
    };
  }

  /** The types found among products on sale, alphabetically. */
  async types(): Promise<string[]> {
    const rows: Array<{ type: string }> = await this.products
      .createQueryBuilder('p')
      .select('DISTINCT p.type', 'type')
      .where('p.deleted_at IS NULL')
      .orderBy('p.type')
      .getRawMany();
    return rows.map((r) => r.type);
  }

  /** Products out of stock (countInStock below 1), optionally searched. */
  async restock(q: unknown): Promise<ProductSummary[]> {
    const query = validate(ProductQuerySchema.pick({ q: true }), { q: typeof q === 'string' ? q : undefined });
    const { rows } = await this.search.search({ ...query, pageSize: 100, sort: query.q ? 'relevance' : 'newest' }, { onlyOutOfStock: true });
    return rows.map(toProductSummary);
  }

  /** One product on sale with its reviews; a malformed or unknown id is the same 404. */
  async get(id: string, visitorId?: string): Promise<Product> {
    const row = await this.findOnSale(id);
    const reviews = await this.reviews.find({ where: { productId: row.id }, order: { createdAt: 'DESC', id: 'ASC' } });
    return toProduct(row, reviews, visitorId);
  }

  async create(raw: unknown): Promise<Product> {
    const input = validate(ProductInputSchema, raw);
    const saved = await this.products.save(this.products.create(toColumns(input)));
    return this.get(saved.id);
  }

  async update(id: string, raw: unknown): Promise<Product> {
    const input = validate(ProductInputSchema, raw);
    const row = await this.findOnSale(id);
    await this.products.update({ id: row.id, deletedAt: IsNull() }, toColumns(input));
    return this.get(row.id);
  }

  /**
   * Hides a product from the shop but keeps its row for the orders that name it. Refused while open
   * orders hold stock of it, checked and deleted in one transaction.
   */
  async remove(id: string): Promise<{ message: string }> {
    const row = await this.findOnSale(id);
    await this.products.manager.transaction(async (em) => {
      // Lock the product so that no reservation can slip in between the check and the delete.
      await em.query('SELECT 1 FROM catalog.products WHERE id = $1 FOR UPDATE', [row.id]);
      const [{ open }] = await em.query(
        `SELECT count(*)::int AS open FROM catalog.stock_reservations WHERE product_id = $1 AND status = 'reserved'`,
        [row.id],
      );
      if (open > 0) throw new ConflictError('This product is held by open orders and cannot be deleted until they are completed or cancelled');
      await em.softDelete(ProductEntity, { id: row.id });
    });
    return { message: 'Product removed' };
  }

  private async findOnSale(id: string): Promise<ProductEntity> {
    if (!ProductIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    const row = await this.products.findOneBy({ id });
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }
}

function toColumns(input: ProductInput): Partial<ProductEntity> {
  return {
    name: input.name,
    priceCents: toCents(input.price),
    oldpriceCents: toCents(input.oldprice),
    image: input.image,
    subimages: input.subimages,
    description: input.description,
    countInStock: input.countInStock,
    promotext: input.promotext,
    type: input.type,
  };
}
