// Issue 28: how a cart, stock or order line names the variant it sells (docs/plans/variants.md, "Stock and money").

/**
 * A line's display name, as receipts, mails, tracking and the owner's screens print it: `Mango Body Butter - 16 oz`,
 * or just the product's name for its implicit variant (label '').
 */
export function lineDisplayName(productName: string, variantLabel: string): string {
  return variantLabel === '' ? productName : `${productName} - ${variantLabel}`;
}

/** The variant a line sells: the one it names, or the product's implicit variant (whose id is the product's). */
export function lineVariant(line: { product: string; variant?: string }): string {
  return line.variant ?? line.product;
}

/** A line's variant fields on the wire: absent for a product's implicit variant, so those lines read as they always did. */
export interface VariantFields {
  /** The variant sold (absent: the product's implicit variant, whose id is the product's). */
  variant?: string;
  /** Its values' labels in option order ("16 oz / Cocoa"), as sold. */
  variantLabel?: string;
}

/** `{ variant, variantLabel }` for a line of a named variant, `{}` for the implicit one. */
export function variantFields(product: string, variant: string, variantLabel: string): VariantFields {
  return variant === product && variantLabel === '' ? {} : { variant, variantLabel };
}
