import type { OrderQuote, Product } from '@shop/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CART_STORAGE_KEY } from './cart-storage';

/** One cart line (spec section 3): the product id and what the cart shows of it, with the chosen quantity. */
export interface CartItem {
  product: string;
  name: string;
  image: string;
  price: number;
  countInStock: number;
  qty: number;
}

/** The cart line for `qty` of a product as the catalog shows it (name, picture, price and stock). */
export function cartItemOf(product: Pick<Product, '_id' | 'name' | 'image' | 'price' | 'countInStock'>, qty: number): CartItem {
  return { product: product._id, name: product.name, image: product.image, price: product.price, countInStock: product.countInStock, qty };
}

interface CartState {
  cartItems: CartItem[];
  /** Adds a line, or replaces the line of the same product (spec section 4). */
  addItem: (item: CartItem) => void;
  removeItem: (productId: string) => void;
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
          const exists = state.cartItems.some((line) => line.product === item.product);
          return {
            cartItems: exists
              ? state.cartItems.map((line) => (line.product === item.product ? item : line))
              : [...state.cartItems, item],
          };
        }),
      removeItem: (productId) => set((state) => ({ cartItems: state.cartItems.filter((line) => line.product !== productId) })),
      clear: () => set({ cartItems: [] }),
      applyQuote: (quote) =>
        set((state) => ({
          cartItems: state.cartItems.map((line) => {
            const fresh = quote.lines.find((q) => q.product === line.product);
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
