import { Injectable } from '@nestjs/common';
import { type AdminProductPage, ConflictError, NotFoundError, ValidationError, type Product, ProductIdSchema, type ProductPage, type ProductSummary } from '@shop/contracts';
import { toCents } from '@shop/money';
import {
  ADMIN_PRODUCT_PAGE_SIZE,
  type AdminProductQuery,
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_COUNT_IN_STOCK,
  PRODUCT_PAGE_SIZE,
  type ProductInput,
  type ProductQuery,
  sameProductType,
  type VariantsBulkInput,
} from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import type { ProductEntity } from './product.entity';
import { toProduct, toProductSummary } from './product.mapper';
import { ProductSearchRepository } from './product-search.repository';
import { ProductVariantsRepository } from './product-variants.repository';
import { ProductVariantsService } from './product-variants.service';
import { ProductsRepository } from './products.repository';
import { toVariantSummary, type VariantSummary } from './variant-summary';

const NOT_FOUND = 'Product not found';

@Injectable()
export class ProductService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly tx: TransactionContext,
    private readonly search: ProductSearchRepository,
    private readonly variants: ProductVariantsRepository,
    private readonly variantWriter: ProductVariantsService,
  ) {}

  /** Every product on sale, newest first (the spec's plain list). */
  async list(): Promise<ProductSummary[]> {
    const rows = await this.products.listOnSale();
    return rows.map(toProductSummary);
  }

  /** One page of a search, filter or sort, counted in the same query (the query was validated where it arrived). */
  async page(query: ProductQuery): Promise<ProductPage> {
    const { rows, total } = await this.search.search(query);
    const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
    return {
      products: rows.map(toProductSummary),
      page: query.page ?? 1,
      pages: Math.ceil(total / pageSize),
      total,
    };
  }

  /**
   * The owner's list (issue 26): hidden products too, searched by name and type, filtered by type, stock and
   * visibility, sorted and paged; "low" stock is the shop's low-stock threshold, answered with the page.
   */
  async adminPage(query: AdminProductQuery): Promise<AdminProductPage> {
    const lowStockThreshold = await this.products.lowStockThreshold(DEFAULT_LOW_STOCK_THRESHOLD);
    const { rows, total, variantCounts } = await this.search.adminList(query, lowStockThreshold);
    const pageSize = query.pageSize ?? ADMIN_PRODUCT_PAGE_SIZE;
    const products = rows.map((row, i) => ({ ...toProductSummary(row), variantCount: variantCounts[i] }));
    return { products, page: query.page ?? 1, pages: Math.ceil(total / pageSize), total, lowStockThreshold };
  }

  /** The types found among products on sale, alphabetically; with `includeHidden`, among all the owner's products. */
  async types(includeHidden = false): Promise<string[]> {
    return this.products.types(includeHidden);
  }

  /**
   * Products out of stock (countInStock below 1), optionally searched; with `lowStock`, also those at or below
   * the shop's low-stock threshold, fewest first (the restock screen, issue 26). A product with options is listed
   * once per variant on sale that is out (or low), named as the variant, with its stock (issue 28).
   */
  async restock(q: string | undefined, lowStock = false): Promise<VariantSummary[]> {
    const options = lowStock ? { atMostLowStock: { defaultThreshold: DEFAULT_LOW_STOCK_THRESHOLD } } : { onlyOutOfStock: true };
    const { rows } = await this.search.search({ q, pageSize: 100, sort: q ? 'relevance' : 'newest' }, { ...options, includeHidden: true });
    const max = lowStock ? await this.products.lowStockThreshold(DEFAULT_LOW_STOCK_THRESHOLD) : 0;
    const variants = new Map<string, VariantSummary[]>();
    for (const v of (await this.products.variantsAtMost(rows.map((r) => r.id), max)).map(toVariantSummary)) {
      variants.set(v._id, [...(variants.get(v._id) ?? []), v]);
    }
    const listed = rows.flatMap((r) => variants.get(r.id) ?? [toProductSummary(r)]);
    // Fewest first, as the search orders the products without a query, now that each variant has its own count.
    return lowStock && !q ? listed.sort((a, b) => a.countInStock - b.countInStock) : listed;
  }

  /**
   * One product on sale with its public reviews; a malformed or unknown id is the same 404, and so is a product the owner
   * keeps out of the shop unless `includeHidden` (the owner's own screens).
   */
  async get(id: string, visitorId?: string, includeHidden = false): Promise<Product> {
    const row = await this.findOnSale(id, includeHidden);
    const reviews = await this.products.publicReviewsOf(row.id);
    const variants = await this.variants.liveOf(row.id, includeHidden);
    return toProduct(row, reviews, variants, visitorId);
  }

  /** A new product; with options, it is made sold one way first (its implicit variant) and then given them. */
  async create(input: ProductInput): Promise<Product> {
    const id = await this.tx.run(async () => {
      const saved = await this.products.insert(toColumns(input, await this.existingType(input.type)));
      if (input.options?.length || input.variants?.length) await this.writeVariants(saved.id, input, saved.type);
      return saved.id;
    });
    return this.get(id, undefined, true);
  }

  async update(id: string, input: ProductInput): Promise<Product> {
    const found = await this.findOnSale(id, true);
    await this.tx.run(() => this.writeVariants(found.id, input, undefined));
    return this.get(found.id, undefined, true);
  }

  /**
   * The product's columns and its options and variants, in the writers' lock order: the product's row, then its
   * variants (the variants' trigger keeps the product's price and stock). A product with options does not take the
   * form's price and stock (they are its variants'); one sold one way takes them, through its implicit variant.
   */
  private async writeVariants(id: string, input: ProductInput, knownType: string | undefined): Promise<void> {
    await this.products.lock(id);
    const row = await this.findOnSale(id, true);
    const plan = await this.variantWriter.plan(row.id, row.options, input);
    const columns = { ...toColumns(input, knownType ?? (await this.existingType(input.type, row.id))), options: plan.options };
    if (plan.options.length > 0) {
      await this.products.updateOnSale(row.id, withoutFigures(columns));
      await this.variantWriter.write(row.id, plan);
    } else {
      await this.variantWriter.write(row.id, plan);
      await this.products.updateOnSale(row.id, columns);
    }
  }

  /** The grid's bulk actions (issue 28): one price for every variant, and/or N more of each in stock. */
  async bulkVariants(id: string, input: VariantsBulkInput, actor: string): Promise<Product> {
    const found = await this.findOnSale(id, true);
    await this.tx.run(async () => {
      await this.products.lock(found.id);
      if (!(await this.variantWriter.bulk(found.id, input, actor))) {
        throw new ValidationError(`Adding ${input.addStock} would take a variant past ${MAX_COUNT_IN_STOCK.toLocaleString('en-US')} in stock`);
      }
    });
    return this.get(found.id, undefined, true);
  }

  /**
   * The existing spelling of a type that differs only by case or spaces ("hair oil" for "Hair Oil"), so that a typo
   * never makes a second filter choice in the shop (issue 26); the product being changed does not count.
   */
  private async existingType(type: string, exceptProduct?: string): Promise<string | undefined> {
    return sameProductType(await this.products.types(true, exceptProduct), type);
  }

  /**
   * Hides a product from the shop but keeps its row for the orders that name it. Refused while open
   * orders hold stock of it, checked and deleted in one transaction.
   */
  async remove(id: string): Promise<{ message: string }> {
    const row = await this.findOnSale(id, true);
    await this.tx.run(async () => {
      // Lock the product so that no reservation can slip in between the check and the delete.
      await this.products.lock(row.id);
      const open = await this.products.openReservations(row.id);
      if (open > 0) throw new ConflictError('This product is held by open orders and cannot be deleted until they are completed or cancelled');
      await this.products.softDelete(row.id);
    });
    return { message: 'Product removed' };
  }

  private async findOnSale(id: string, includeHidden = false): Promise<ProductEntity> {
    if (!ProductIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    const row = await this.products.findOnSale(id, includeHidden);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }
}

/** Columns without the figures the variants keep (a product with options refuses writes of them). */
function withoutFigures(columns: Partial<ProductEntity>): Partial<ProductEntity> {
  const { priceCents: _price, oldpriceCents: _oldprice, countInStock: _stock, ...rest } = columns;
  return rest;
}

/** The input as columns; `type` is filed under `existingType` when that is how the shop already spells it. */
function toColumns(input: ProductInput, existingType?: string): Partial<ProductEntity> {
  return {
    name: input.name,
    priceCents: toCents(input.price),
    oldpriceCents: toCents(input.oldprice),
    image: input.image,
    subimages: input.subimages,
    description: input.description,
    countInStock: input.countInStock,
    promotext: input.promotext,
    type: existingType ?? input.type,
    visible: input.visible,
    ingredients: input.ingredients,
    howToUse: input.howToUse,
    size: input.size,
    suitedFor: input.suitedFor,
  };
}
