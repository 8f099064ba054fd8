import { getProduct, isAbortError } from '@shop/api-client';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampQty } from '../../../config/quantity';
import { cartItemOf, useCartStore } from '../stores/cart-store';

/**
 * Add to Cart and Buy Now without the app: the product page's form is a GET to /cart or /checkout with
 * `?add={product id}&qty={n}` (features/products/components/product-purchase.tsx). The screen adds that line
 * (name, picture, price and stock read from the server, as the product page shows them), then drops the
 * parameters from its address so a reload adds nothing twice. True while it is adding.
 */
export function useAddFromLink(): boolean {
  const [search, setSearch] = useSearchParams();
  const addItem = useCartStore((state) => state.addItem);
  const productId = search.get('add');
  const qty = Number(search.get('qty') ?? 1);

  useEffect(() => {
    if (productId === null) return;
    const controller = new AbortController();
    getProduct(productId, { signal: controller.signal })
      .then((product) => {
        if (product.countInStock > 0) {
          addItem(cartItemOf(product, clampQty(qty, product.countInStock)));
        }
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) throw error;
        // An unknown product: nothing to add; the screen shows the cart as it is.
      })
      .then(
        () => setSearch({}, { replace: true }),
        () => undefined,
      );
    return () => controller.abort();
  }, [productId, qty, addItem, setSearch]);

  // Adding until the parameters are gone from the address.
  return productId !== null;
}
