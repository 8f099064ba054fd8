import { lineDisplayName, type Product, type ProductOptionValue, type ProductVariant } from '@shop/contracts';

/**
 * Issue 28 on the product page: which variant is shown, what choosing a value leads to, and what each value's button
 * says. Pure, so the server's render, the loader's redirect, the link preview and the app agree.
 */

type Variants = Pick<Product, 'variants'>;
type WithOptions = Pick<Product, 'options' | 'variants'>;

/** The name of an option's radio buttons in the variant form: `o_{option id}` = the chosen value's id. */
export function optionField(optionId: string): string {
  return `o_${optionId}`;
}

/** Whether a query string carries the variant form's option fields (a choice sent without the app). */
export function hasOptionFields(search: URLSearchParams): boolean {
  return [...search.keys()].some((key) => key.startsWith('o_'));
}

/** The variant shown: the one named (`?variant=`), else the first in stock, else the first (an unknown id is no error). */
export function chosenVariant(product: Variants, variantId?: string | null): ProductVariant | undefined {
  return product.variants.find((v) => v._id === variantId) ?? product.variants.find((v) => v.countInStock > 0) ?? product.variants[0];
}

/** The variant with exactly these values, if the shop sells it (inactive ones are not in a shopper's answer). */
export function variantOfValues(product: Variants, valueIds: readonly string[]): ProductVariant | undefined {
  return product.variants.find((v) => v.valueIds.length === valueIds.length && v.valueIds.every((id, i) => id === valueIds[i]));
}

/**
 * What choosing `valueId` for option `index` leads to from `current`: that combination when the shop sells it, else
 * the first variant with that value that keeps the most of the other values (a sold-out one only when nothing else has
 * it), so a choice is never a dead end.
 */
export function variantAfterChoosing(product: Variants, current: ProductVariant, index: number, valueId: string): ProductVariant | undefined {
  const wanted = current.valueIds.map((id, i) => (i === index ? valueId : id));
  const exact = variantOfValues(product, wanted);
  if (exact) return exact;
  const candidates = product.variants.filter((v) => v.valueIds[index] === valueId);
  const score = (v: ProductVariant) => v.valueIds.filter((id, i) => id === wanted[i]).length * 2 + (v.countInStock > 0 ? 1 : 0);
  return candidates.reduce<ProductVariant | undefined>((best, v) => (!best || score(v) > score(best) ? v : best), undefined);
}

/**
 * The variant a form sent without the app names: its option fields (`o_…`), read against the variant it was shown
 * with (`variant`), so the option the shopper changed wins when the whole combination is not sold.
 */
export function variantOfForm(product: WithOptions, search: URLSearchParams): ProductVariant | undefined {
  const shown = chosenVariant(product, search.get('variant'));
  if (!shown) return undefined;
  const sent = product.options.map((option, i) => search.get(optionField(option.id)) ?? shown.valueIds[i] ?? '');
  const exact = variantOfValues(product, sent);
  if (exact) return exact;
  const changed = sent.findIndex((id, i) => id !== shown.valueIds[i]);
  return changed < 0 ? shown : (variantAfterChoosing(product, shown, changed, sent[changed] ?? '') ?? shown);
}

/** How one value's button stands next to the current choice of the other options. */
export type ValueState = 'available' | 'sold-out' | 'unavailable';

export interface ValueChoice {
  value: ProductOptionValue;
  checked: boolean;
  state: ValueState;
  /** Where choosing it leads. */
  leadsTo: ProductVariant | undefined;
}

/**
 * Each option's values as buttons: checked, sold out (with the other values kept), or not made with the other values
 * chosen ('unavailable': choosing it changes them). Values no variant on sale has are left out.
 */
export function optionChoices(product: WithOptions, current: ProductVariant): Array<{ optionId: string; name: string; chosen: string; values: ValueChoice[] }> {
  return product.options.map((option, index) => {
    const values = option.values
      .filter((value) => product.variants.some((v) => v.valueIds[index] === value.id))
      .map((value): ValueChoice => {
        const exact = variantOfValues(
          product,
          current.valueIds.map((id, i) => (i === index ? value.id : id)),
        );
        const state: ValueState = !exact ? 'unavailable' : exact.countInStock > 0 ? 'available' : 'sold-out';
        return { value, checked: current.valueIds[index] === value.id, state, leadsTo: exact ?? variantAfterChoosing(product, current, index, value.id) };
      });
    const chosen = option.values.find((value) => value.id === current.valueIds[index])?.label ?? '';
    return { optionId: option.id, name: option.name, chosen, values };
  });
}

/** The picture of a variant: its own, else the first chosen value's picture, else the product's. */
export function variantPicture(product: Pick<Product, 'image' | 'options'>, variant: Pick<ProductVariant, 'image' | 'valueIds'> | undefined): string {
  if (variant?.image) return variant.image;
  const valuePicture = variant?.valueIds.map((id, i) => product.options[i]?.values.find((v) => v.id === id)?.image).find(Boolean);
  return valuePicture ?? product.image;
}

/** The cart's and the order's name of a variant: "Mango Body Butter - 16 oz" (the product's name without options). */
export function variantDisplayName(product: Pick<Product, 'name'>, variant: Pick<ProductVariant, 'label'> | undefined): string {
  return lineDisplayName(product.name, variant?.label ?? '');
}
