/** Browser storage key of the cart (product-rules section 7: kept across app versions). */
export const CART_STORAGE_KEY = 'cartItems';

/**
 * The number of lines of the stored cart, read without the cart store (zustand's persist format,
 * `{ state: { cartItems: [...] } }`): the header's badge before the app runs (src/app/before-hydration.ts).
 */
export function storedCartLineCount(): number {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    const items = (stored as { state?: { cartItems?: unknown } } | null)?.state?.cartItems;
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}
