import { Injectable } from '@nestjs/common';
import {
  type BannerDiscount,
  ConflictError,
  type DiscountCode,
  type DiscountCodeDetail,
  type DiscountTerms,
  NotFoundError,
  ORDER_NUMBER_PREFIX,
  type Pattern,
  type PatternRequest,
  ValidationError,
} from '@shop/contracts';
import { fromCents, toCents } from '@shop/money';
import type { DiscountCodeValues } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { type DiscountCodeColumns, type DiscountCodeRow, DiscountsRepository } from './discounts.repository';

const NOT_FOUND = 'Discount code not found';

/** A code the shopper may use now (before its use is taken): its row and the terms that price it. */
export interface UsableCode {
  row: DiscountCodeRow;
  terms: DiscountTerms;
}

export function termsOf(row: DiscountCodeRow): DiscountTerms {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : fromCents(row.value),
    minOrder: fromCents(Number(row.min_order_cents)),
    appliesToDelivery: row.applies_to_delivery,
  };
}

export function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  const terms = termsOf(row);
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: terms.value,
    minOrder: terms.minOrder,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    totalUses: row.total_uses,
    usesPerCustomer: row.uses_per_customer,
    appliesToDelivery: row.applies_to_delivery,
    active: row.active,
    onBanner: row.on_banner,
    used: row.used,
    archived: row.archived_at !== null,
    archivedAt: row.archived_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Why a code cannot be used at `now` (null when it can): the message the shopper reads. */
export function unusableReason(row: DiscountCodeRow, now = new Date()): string | null {
  if (row.archived_at) return `Discount code ${row.code} is no longer available`;
  if (!row.active) return `Discount code ${row.code} is not active`;
  if (row.starts_at && row.starts_at > now) return `Discount code ${row.code} has not started yet`;
  if (row.ends_at && row.ends_at <= now) return `Discount code ${row.code} has ended`;
  if (row.total_uses !== null && row.used >= row.total_uses) return `Discount code ${row.code} has no uses left`;
  return null;
}

/**
 * Discount codes: the owner's list and forms, the shopper's check at quote and placing, and the uses. A use is
 * taken in the order's own transaction (`redeem`) and given back by the lifecycle (`release`).
 */
@Injectable()
export class DiscountsService {
  constructor(
    private readonly discounts: DiscountsRepository,
    private readonly tx: TransactionContext,
  ) {}

  /** The code and its terms if the shopper may use it now, else a refusal (400 unknown, 409 ended, used up or used by this email). */
  async usable(code: string, email?: string): Promise<UsableCode> {
    const checked = await this.check(code, email);
    if ('row' in checked) return checked;
    if (checked.unknown) throw new ValidationError(checked.reason);
    throw new ConflictError(`${checked.reason}. ${FULL_PRICE_HINT}`);
  }

  /** Like `usable`, but the reason as text (for the quote, which shows it beside the totals). */
  async problemOf(code: string, email?: string): Promise<{ usable: UsableCode | null; problem: string | null }> {
    const checked = await this.check(code, email);
    return 'row' in checked ? { usable: checked, problem: null } : { usable: null, problem: checked.reason };
  }

  private async check(code: string, email?: string): Promise<UsableCode | { reason: string; unknown: boolean }> {
    const row = await this.discounts.byCode(code);
    if (!row) return { reason: `Discount code ${code} is not valid`, unknown: true };
    const reason = unusableReason(row);
    if (reason) return { reason, unknown: false };
    if (email && row.uses_per_customer !== null && (await this.discounts.heldBy(row.id, normaliseEmail(email))) >= row.uses_per_customer) {
      return { reason: usedByEmail(row.code), unknown: false };
    }
    return { row, terms: termsOf(row) };
  }

  /**
   * Takes one use for the order, inside the caller's transaction (the one that writes the order): refused with a
   * 409 when the code ran out or ended since it was checked, or when this email has used its share.
   */
  async redeem(orderId: string, code: UsableCode, email: string, amountCents: number): Promise<void> {
    const taken = await this.discounts.takeUse(code.row.id);
    if (!taken) {
      const now = await this.discounts.find(code.row.id);
      const reason = now ? unusableReason(now) : null;
      throw new ConflictError(
        reason && !reason.endsWith('has no uses left') ? `${reason}. ${FULL_PRICE_HINT}` : `Discount code ${code.row.code} has just run out. ${FULL_PRICE_HINT}`,
      );
    }
    // The code's row is locked by the update until the order commits: this count sees every use taken before.
    if (taken.uses_per_customer !== null && (await this.discounts.heldBy(taken.id, normaliseEmail(email))) >= taken.uses_per_customer) {
      throw new ConflictError(`${usedByEmail(taken.code)}. ${FULL_PRICE_HINT}`);
    }
    await this.discounts.insertRedemption(orderId, taken.id, normaliseEmail(email), amountCents);
  }

  /** Gives the order's use back (the lifecycle's expire, decline and cancel); a second call changes nothing. */
  release(orderId: string): Promise<boolean> {
    return this.discounts.release(orderId);
  }

  async list({ status, q }: PatternRequest<typeof Pattern.DiscountsList>): Promise<DiscountCode[]> {
    return (await this.discounts.list(status === 'archived', q)).map(toDiscountCode);
  }

  /** Archives a code (it stops working at checkout and leaves the banner and the default list) or restores it. */
  async archive({ id, archived }: PatternRequest<typeof Pattern.DiscountsArchive>): Promise<DiscountCode> {
    const row = await this.discounts.setArchived(id, archived);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toDiscountCode(row);
  }

  async get({ id }: PatternRequest<typeof Pattern.DiscountsGet>): Promise<DiscountCodeDetail> {
    const row = await this.discounts.find(id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const redemptions = await this.discounts.redemptions(row.id);
    return {
      ...toDiscountCode(row),
      redemptions: redemptions.map((r) => ({
        orderId: r.order_id,
        orderNumber: r.order_number === null ? '' : `${ORDER_NUMBER_PREFIX}${r.order_number}`,
        email: r.email,
        amount: fromCents(Number(r.amount_cents)),
        status: r.status,
        at: r.created_at.toISOString(),
        releasedAt: r.released_at?.toISOString() ?? null,
      })),
    };
  }

  async banner(): Promise<BannerDiscount> {
    const row = await this.discounts.banner();
    if (!row) return { discount: null };
    const terms = termsOf(row);
    return { discount: { code: row.code, kind: row.kind, value: terms.value, minOrder: terms.minOrder, endsAt: row.ends_at?.toISOString() ?? null } };
  }

  async create({ code }: PatternRequest<typeof Pattern.DiscountsCreate>): Promise<DiscountCode> {
    return this.tx.run(async () => {
      if (await this.discounts.codeTaken(code.code, null)) throw new ConflictError(`There is already a discount code ${code.code}`);
      if (code.onBanner) await this.discounts.clearBanner(null);
      return toDiscountCode(await this.discounts.insert(columnsOf(code)));
    });
  }

  async update({ id, code }: PatternRequest<typeof Pattern.DiscountsUpdate>): Promise<DiscountCode> {
    return this.tx.run(async () => {
      const before = await this.discounts.find(id);
      if (!before) throw new NotFoundError(NOT_FOUND);
      if (await this.discounts.codeTaken(code.code, before.id)) throw new ConflictError(`There is already a discount code ${code.code}`);
      if (code.onBanner && before.archived_at) throw new ConflictError(`Discount code ${before.code} is archived: restore it before putting it on the banner`);
      if (code.onBanner) await this.discounts.clearBanner(before.id);
      const after = await this.discounts.update(before.id, columnsOf(code));
      if (!after) {
        const current = await this.discounts.find(before.id);
        throw new ConflictError(`Total uses cannot be below the ${current?.used ?? before.used} uses orders hold now`);
      }
      return toDiscountCode(after);
    });
  }
}

function columnsOf(c: DiscountCodeValues): DiscountCodeColumns {
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percent' ? c.value : toCents(c.value),
    minOrderCents: toCents(c.minOrder),
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    totalUses: c.totalUses,
    usesPerCustomer: c.usesPerCustomer,
    appliesToDelivery: c.appliesToDelivery,
    active: c.active,
    onBanner: c.onBanner,
  };
}

/** Emails are compared as the shopper's address, ignoring case and spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function usedByEmail(code: string): string {
  return `Discount code ${code} has already been used with this email`;
}

/** What a refused shopper can do: the checkout shows it with the refusal. */
export const FULL_PRICE_HINT = 'Remove the code to place the order at the full price.';
