import type { Product, ProductVariant } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { type ProductInput, type VariantInput, VariantInputSchema, type VariantsBulkInput, VariantsBulkInputSchema } from '@shop/rules';
import { parseMoneyInput } from '../../../lib/money-input';

/** The grid's columns an owner types in, each checked and reported on its own. */
export type VariantColumn = 'price' | 'oldprice' | 'countInStock' | 'sku' | 'image';
/** A row's messages by column; `row` is the server's word about the whole variant (a SKU another has, say). */
export type VariantRowErrors = Partial<Record<VariantColumn | 'row', string>>;

export type BulkIntent = 'set-prices' | 'add-stock';
export type VariantGridIntent = 'save' | BulkIntent;

/** What the variants action answers the grid. */
export type VariantGridResult =
  | { ok: true; intent: VariantGridIntent; text: string }
  | { ok: false; intent: VariantGridIntent; message: string; rows: Record<string, VariantRowErrors>; bulk?: string };

/** The name of one variant's input in the grid's form. */
export const cellName = (variantId: string, column: VariantColumn | 'active') => `${variantId}.${column}`;

/** The hidden field holding the variants as the grid was drawn: only what the owner changed is sent. */
export const LOADED_FIELD = 'loaded';
/** The hidden field holding the saved product's own fields, sent again with the variants (the API takes a whole product). */
export const BASE_FIELD = 'product';

/** A whole number typed in a box; NaN for anything else, an empty box too. */
function wholeNumberOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

const moneyOf = (text: string) => (text.trim() === '' ? Number.NaN : parseMoneyInput(text));

/**
 * The grid's form read against the variants it was drawn with: each changed variant as the API's `variants` entry
 * (named by its value ids, only the fields that changed, so stock sold meanwhile is not written over), and each
 * row's messages from the shared rules.
 */
export function readVariantGrid(form: FormData): { loaded: ProductVariant[]; changes: VariantInput[]; errors: Record<string, VariantRowErrors> } {
  const loaded = JSON.parse(String(form.get(LOADED_FIELD) ?? '[]')) as ProductVariant[];
  const changes: VariantInput[] = [];
  const errors: Record<string, VariantRowErrors> = {};
  for (const variant of loaded) {
    const text = (column: VariantColumn) => String(form.get(cellName(variant._id, column)) ?? '');
    const typed = {
      price: moneyOf(text('price')),
      oldprice: text('oldprice').trim() === '' ? 0 : parseMoneyInput(text('oldprice')),
      countInStock: wholeNumberOf(text('countInStock')),
      sku: text('sku').trim(),
      image: text('image') || null,
      active: form.get(cellName(variant._id, 'active')) !== null,
    };
    const changed = Object.fromEntries(Object.entries(typed).filter(([field, value]) => value !== variant[field as keyof typeof typed]));
    if (Object.keys(changed).length === 0) continue;
    const parsed = VariantInputSchema.safeParse({ valueIds: variant.valueIds, ...changed });
    if (parsed.success) {
      changes.push(parsed.data);
      continue;
    }
    const rowErrors: VariantRowErrors = {};
    for (const issue of parsed.error.issues) {
      const column = issue.path[0] as VariantColumn | undefined;
      const key = column && column in typed ? column : 'row';
      rowErrors[key] ??= issue.message;
    }
    errors[variant._id] = rowErrors;
  }
  return { loaded, changes, errors };
}

/** A bulk action's value from its box, checked by the shared rule: a price to set, or how many to add to each. */
export function readBulk(form: FormData, intent: BulkIntent): { input: VariantsBulkInput } | { error: string } {
  const value = String(form.get(intent) ?? '');
  const parsed = VariantsBulkInputSchema.safeParse(intent === 'set-prices' ? { price: moneyOf(value) } : { addStock: wholeNumberOf(value) });
  return parsed.success ? { input: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'This value is not valid' };
}

/** What a done bulk action tells the owner. */
export function bulkDoneText(input: VariantsBulkInput): string {
  if (input.price !== undefined) return `Every variant's price is now ${formatTTD(input.price)}`;
  return `Added ${input.addStock} to every variant's stock`;
}

/** The rows a server's message names, by label in quotes or by SKU, so the message shows on them too. */
export function rowsNamedIn(message: string, variants: readonly ProductVariant[]): Record<string, VariantRowErrors> {
  const rows: Record<string, VariantRowErrors> = {};
  for (const v of variants) {
    const named = (v.label !== '' && message.includes(`"${v.label}"`)) || (v.sku !== '' && new RegExp(`\\b${v.sku.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(message));
    if (named) rows[v._id] = { row: message };
  }
  return rows;
}

/** The saved product's fields the grid's form carries, as the whole-product write its save sends (options left as they are). */
export function readProductBase(form: FormData): ProductInput {
  return JSON.parse(String(form.get(BASE_FIELD) ?? '{}')) as ProductInput;
}

/** The saved product as the whole-product write the grid's save sends with its variants (options left as they are). */
export function productInputOf(product: Product): ProductInput {
  const { name, price, oldprice, image, subimages, description, countInStock, promotext, type, ingredients, howToUse, size, suitedFor, visible } = product;
  return { name, price, oldprice, image, subimages, description, countInStock, promotext, type, ingredients, howToUse, size, suitedFor, visible };
}
