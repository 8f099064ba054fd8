import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, Pattern, type ProductOption, variantLabel } from '@shop/contracts';
import { toCents } from '@shop/money';
import { MAX_COUNT_IN_STOCK, type ProductInput, type VariantsBulkInput } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { ProductVariantsRepository } from './product-variants.repository';
import { planVariants, type VariantPlan } from './variant-plan';

/** At most this many orders are named in a refusal; the rest are counted. */
const NAMED_ORDERS = 10;

/**
 * Writes a product's options and variants from the owner's form (issue 28). Runs inside the caller's transaction,
 * after the caller locked the product's row (the order docs/plans/variants.md asks of every writer of variants).
 */
@Injectable()
export class ProductVariantsService {
  constructor(
    private readonly variants: ProductVariantsRepository,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The plan for this input: ids kept, combinations made, removals refused while open orders hold them. */
  async plan(productId: string, options: ProductOption[], input: ProductInput): Promise<VariantPlan> {
    const plan = planVariants(
      productId,
      { options, variants: await this.variants.allOf(productId) },
      { options: input.options, variants: input.variants, priceCents: toCents(input.price), oldpriceCents: toCents(input.oldprice), countInStock: input.countInStock },
      () => randomBytes(4).readUInt32BE(0).toString(36).slice(0, 6),
    );
    if (plan.remove.length > 0) await this.refuseHeld(productId, options, plan.remove);
    const skus = plan.writes.map((w) => w.sku).filter((s) => s !== '');
    const taken = skus.length > 0 ? await this.variants.skusTakenElsewhere(productId, skus) : [];
    if (taken.length > 0) throw new ConflictError(`The SKU ${taken.join(', ')} is already used by another product`);
    return plan;
  }

  /** Removes the variants the plan drops, then writes the others (the product's row is locked). */
  async write(productId: string, plan: VariantPlan): Promise<void> {
    await this.variants.remove(plan.remove);
    try {
      await this.variants.write(productId, plan.writes);
    } catch (err) {
      // Another product took one of these SKUs after `plan` looked (the database's unique index decides).
      if ((err as { constraint?: string }).constraint === 'product_variants_sku_key') throw new ConflictError('One of these SKUs is already used by another product');
      throw err;
    }
  }

  /** The grid's bulk actions on every live variant; answers false when adding would pass the stock limit. */
  async bulk(productId: string, input: VariantsBulkInput, actor: string): Promise<boolean> {
    if (input.price !== undefined) await this.variants.setAllPrices(productId, toCents(input.price));
    if (input.addStock !== undefined) return (await this.variants.addToAllStock(productId, input.addStock, MAX_COUNT_IN_STOCK, actor)) > 0;
    return true;
  }

  /** A removal of variants that open orders hold is refused with those orders' numbers (asked of the order service). */
  private async refuseHeld(productId: string, options: ProductOption[], remove: string[]): Promise<void> {
    const holds = await this.variants.ordersHolding(remove);
    if (holds.length === 0) return;
    const orderIds = [...new Set(holds.map((h) => h.orderId))];
    // Only the variants the orders hold are named, not every one the change removes.
    const held = new Set(holds.map((h) => h.variantId));
    const rows = (await this.variants.allOf(productId)).filter((v) => held.has(v.id));
    const labels = rows.map((v) => variantLabel(options, v.valueIds) || 'this product').join(', ');
    const numbers = await this.orderNumbers(orderIds);
    const named = numbers.slice(0, NAMED_ORDERS).join(', ');
    const more = orderIds.length > NAMED_ORDERS ? ` and ${orderIds.length - NAMED_ORDERS} more` : '';
    throw new ConflictError(
      `Open orders hold ${labels}: ${named}${more}. Complete or cancel them before removing ${rows.length === 1 ? 'it' : 'them'}.`,
    );
  }

  /** The numbers people read; an order the order service cannot name (it does not answer) is named by its id. */
  private async orderNumbers(orderIds: string[]): Promise<string[]> {
    try {
      const { numbers } = await this.services.send(Pattern.OrdersNumbers, { ids: orderIds.slice(0, 100) });
      return orderIds.map((id) => numbers[id] ?? id).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    } catch (err) {
      this.logger.warn({ err }, 'order numbers unavailable; naming held orders by id');
      return orderIds;
    }
  }
}
