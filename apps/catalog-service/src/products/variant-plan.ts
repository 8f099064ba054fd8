import { type ProductOption, ValidationError, variantLabel } from '@shop/contracts';
import { toCents } from '@shop/money';
import { type OptionInput, optionLabelKey, VARIANT_LABEL_SEPARATOR, type VariantInput } from '@shop/rules';

/** A variant as stored (`catalog.product_variants`), money in cents. */
export interface VariantRow {
  id: string;
  valueIds: string[];
  sku: string;
  priceCents: number;
  oldpriceCents: number;
  countInStock: number;
  image: string | null;
  active: boolean;
  position: number;
  deleted: boolean;
}

/** A variant to write: `id` names the row it keeps (an update), none is a new row. */
export type VariantWrite = Omit<VariantRow, 'id' | 'deleted'> & { id?: string };

/** What the owner's product form asks of a product's options and variants. */
export interface VariantRequest {
  options?: OptionInput[];
  variants?: VariantInput[];
  /** The product's price and old price: a product without options has them; a new combination starts at them. */
  priceCents: number;
  oldpriceCents: number;
  /** A product without options: its stock. */
  countInStock: number;
}

export interface VariantPlan {
  options: ProductOption[];
  writes: VariantWrite[];
  /** Live variants whose combination is gone: soft-deleted (kept for the orders and movements that name them). */
  remove: string[];
}

/**
 * How a product's options and variants change when the owner saves its form (issue 28, docs/plans/variants.md). Pure:
 * - options and values keep their ids, matched by id or else by name or label (a rename keeps them); new ones get ids
 *   from `newId`;
 * - every combination of the values is a variant, in option order (the first option outermost);
 * - an existing variant keeps its id, stock and history when its values still make a combination; one whose values
 *   are part of a new combination (the implicit variant when options are first added, a Size variant when a Shade is
 *   added) becomes the first such combination; without options the implicit variant (the product's id) is the one;
 * - the owner's variant fields are applied; other live variants are removed.
 */
export function planVariants(productId: string, current: { options: ProductOption[]; variants: VariantRow[] }, request: VariantRequest, newId: () => string): VariantPlan {
  const options = request.options === undefined ? current.options : resolveOptions(current.options, request.options, newId);
  const combinations = cartesian(options.map((o) => o.values.map((v) => v.id)));
  const live = current.variants.filter((v) => !v.deleted).sort((a, b) => a.position - b.position);
  const kept = matchRows(productId, combinations, live, current.variants);
  const inputs = variantInputs(options, request.variants ?? []);
  const writes = combinations.map((valueIds, position): VariantWrite => {
    const row = kept[position];
    const input = inputs.get(setKey(valueIds));
    const base: VariantWrite = row
      ? { id: row.id, valueIds, sku: row.sku, priceCents: row.priceCents, oldpriceCents: row.oldpriceCents, countInStock: row.countInStock, image: row.image, active: row.active, position }
      : { valueIds, sku: '', priceCents: request.priceCents, oldpriceCents: request.oldpriceCents, countInStock: 0, image: null, active: true, position };
    const write = { ...base, ...variantFields(input) };
    // A product without options is sold one way: its price and stock are the product's, and it is on sale.
    if (options.length === 0) return { ...write, priceCents: request.priceCents, oldpriceCents: request.oldpriceCents, countInStock: request.countInStock, active: true };
    return write;
  });
  const skus = writes.map((w) => w.sku).filter((s) => s !== '');
  const twice = skus.find((s, i) => skus.indexOf(s) !== i);
  if (twice !== undefined) throw new ValidationError(`The SKU ${twice} is on two variants; each variant needs its own`);
  const keptIds = new Set(kept.flatMap((r) => (r ? [r.id] : [])));
  return { options, writes, remove: live.filter((v) => !keptIds.has(v.id)).map((v) => v.id) };
}

function resolveOptions(current: ProductOption[], input: OptionInput[], newId: () => string): ProductOption[] {
  const taken = new Set(current.flatMap((o) => [o.id, ...o.values.map((v) => v.id)]));
  const fresh = (): string => {
    let id = newId();
    while (taken.has(id)) id = newId();
    taken.add(id);
    return id;
  };
  const usedValues = new Set<string>();
  return input.map((option) => {
    const before = option.id !== undefined ? current.find((o) => o.id === option.id) : current.find((o) => optionLabelKey(o.name) === optionLabelKey(option.name));
    if (option.id !== undefined && !before) throw new ValidationError(`The option ${option.name} names an id this product does not have`);
    return {
      id: before?.id ?? fresh(),
      name: option.name,
      values: option.values.map((value) => {
        const old =
          value.id !== undefined ? before?.values.find((v) => v.id === value.id) : before?.values.find((v) => optionLabelKey(v.label) === optionLabelKey(value.label));
        if (value.id !== undefined && !old) throw new ValidationError(`The value ${value.label} of ${option.name} names an id this option does not have`);
        const id = old && !usedValues.has(old.id) ? old.id : fresh();
        usedValues.add(id);
        return { id, label: value.label, ...(value.swatch ? { swatch: value.swatch } : {}), ...(value.image ? { image: value.image } : {}) };
      }),
    };
  });
}

/** Every combination of one value per option, the first option outermost; `[[]]` without options. */
function cartesian(lists: string[][]): string[][] {
  return lists.reduce<string[][]>((acc, values) => acc.flatMap((prefix) => values.map((v) => [...prefix, v])), [[]]);
}

const setKey = (valueIds: string[]): string => [...valueIds].sort().join('|');

/** For each combination, the existing row it keeps (or none): same values first, then rows whose values are part of it. */
function matchRows(productId: string, combinations: string[][], live: VariantRow[], all: VariantRow[]): Array<VariantRow | undefined> {
  if (combinations.length === 1 && combinations[0].length === 0) {
    // Sold one way again: the implicit variant (the product's id, even if it was removed) is the one.
    return [all.find((v) => v.id === productId) ?? live[0]];
  }
  const free = new Set(live);
  const byKey = new Map(live.map((v) => [setKey(v.valueIds), v]));
  const kept = combinations.map((valueIds) => {
    const row = byKey.get(setKey(valueIds));
    if (row) free.delete(row);
    return row;
  });
  return kept.map((row, i) => {
    if (row) return row;
    const part = [...free].find((v) => v.valueIds.every((id) => combinations[i].includes(id)));
    if (part) free.delete(part);
    return part;
  });
}

/** The owner's variant fields by combination; a variant naming no combination of these options is a 400 that says which. */
function variantInputs(options: ProductOption[], inputs: VariantInput[]): Map<string, VariantInput> {
  const byKey = new Map<string, VariantInput>();
  for (const input of inputs) {
    const named = input.labels ?? input.valueIds ?? [];
    if (named.length !== options.length) {
      throw new ValidationError(
        options.length === 0
          ? 'A product without options has one variant, named by no labels'
          : `The variant "${named.join(VARIANT_LABEL_SEPARATOR)}" must name one value of each option: ${options.map((o) => o.name).join(', ')}`,
      );
    }
    const valueIds = named.map((name, i) => {
      const value = options[i].values.find((v) => (input.labels ? optionLabelKey(v.label) === optionLabelKey(name) : v.id === name));
      if (!value) throw new ValidationError(`${options[i].name} has no value "${name}" (variant "${named.join(VARIANT_LABEL_SEPARATOR)}")`);
      return value.id;
    });
    const key = setKey(valueIds);
    if (byKey.has(key)) throw new ValidationError(`The variant "${variantLabel(options, valueIds)}" is given twice`);
    byKey.set(key, input);
  }
  return byKey;
}

function variantFields(input: VariantInput | undefined): Partial<VariantWrite> {
  if (!input) return {};
  return {
    ...(input.price !== undefined ? { priceCents: toCents(input.price) } : {}),
    ...(input.oldprice !== undefined ? { oldpriceCents: toCents(input.oldprice) } : {}),
    ...(input.countInStock !== undefined ? { countInStock: input.countInStock } : {}),
    ...(input.sku !== undefined ? { sku: input.sku } : {}),
    ...(input.image !== undefined ? { image: input.image === '' ? null : input.image } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}
