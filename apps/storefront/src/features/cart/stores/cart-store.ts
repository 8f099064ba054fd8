import { lineVariant, type OrderQuote, type Product, type ProductVariant } from '@shop/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { variantDisplayName, variantPicture } from '../../../lib/product-variants';
import { CART_STORAGE_KEY } from './cart-storage';

/**
 * One cart line (spec section 3): the product id, the variant (issue 28; absent for a product without options and in
 * carts stored before variants: the product's implicit variant) and what the cart shows of it, with the quantity.
 */
export interface CartItem {
  product: string;
  variant?: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  qty: number;
}

/** What tells two cart (or quote) lines apart: the product and its variant, the implicit one named as the product. */
export function cartLineKey(line: { product: string; variant?: string }): string {
  return `${line.product}/${lineVariant(line)}`;
}

/**
 * The cart line for `qty` of a product's variant as the catalog shows it: the display name ("Mango Body Butter - 16
 * oz"), the variant's picture, price and stock (the product's own without options).
 */
export function cartItemOf(
  product: Pick<Product, '_id' | 'name' | 'image' | 'price' | 'countInStock' | 'options'>,
  variant: ProductVariant | undefined,
  qty: number,
): CartItem {
  const named = product.options.length > 0 && variant;
  return {
    product: product._id,
    ...(named ? { variant: variant._id } : {}),
    name: named ? variantDisplayName(product, variant) : product.name,
    image: named ? variantPicture(product, variant) : product.image,
    price: named ? variant.price : product.price,
    countInStock: named ? variant.countInStock : product.countInStock,
    qty,
  };
}

interface CartState {
  cartItems: CartItem[];
  /** Adds a line, or replaces the line of the same product and variant (spec section 4). */
  addItem: (item: CartItem) => void;
  /** Removes the line with this key (`cartLineKey`). */
  removeItem: (key: string) => void;
  clear: () => void;
  /** Takes the server's current name, picture, price and stock for every line the catalog still sells. */
  applyQuote: (quote: OrderQuote) => void;
}

/** The cart, saved whole to browser storage after every change. */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      cartItems: [],
      addItem: (item) =>
        set((state) => {
          const key = cartLineKey(item);
          const exists = state.cartItems.some((line) => cartLineKey(line) === key);
          return {
            cartItems: exists ? state.cartItems.map((line) => (cartLineKey(line) === key ? item : line)) : [...state.cartItems, item],
          };
        }),
      removeItem: (key) => set((state) => ({ cartItems: state.cartItems.filter((line) => cartLineKey(line) !== key) })),
      clear: () => set({ cartItems: [] }),
      applyQuote: (quote) =>
        set((state) => ({
          cartItems: state.cartItems.map((line) => {
            const fresh = quote.lines.find((q) => cartLineKey(q) === cartLineKey(line));
            if (!fresh || fresh.price === null || fresh.name === null) return line;
            return { ...line, name: fresh.name, image: fresh.image ?? line.image, price: fresh.price, countInStock: fresh.countInStock };
          }),
        })),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ cartItems: state.cartItems }),
    },
  ),
);

/** Sum of price x quantity over the lines, in TTD. */
export function cartSubtotal(items: CartItem[]): number {
  // Summed in cents so that 0.1 + 0.2 style float errors never reach the screen.
  return items.reduce((cents, line) => cents + Math.round(line.price * 100) * line.qty, 0) / 100;
}
