import { getProduct, isAbortError } from '@shop/api-client';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampQty } from '../../../config/quantity';
import { chosenVariant } from '../../../lib/product-variants';
import { cartItemOf, useCartStore } from '../stores/cart-store';

/**
 * Add to Cart and Buy Now without the app: the product page's form is a GET to /cart or /checkout with
 * `?add={product id}&variant={variant id}&qty={n}` (features/products/components/product-purchase.tsx; `variant` only
 * for a product with options). The screen adds that line (name, picture, price and stock read from the server, as the
 * product page shows them), then drops the parameters from its address so a reload adds nothing twice. True while it
 * is adding.
 */
export function useAddFromLink(): boolean {
  const [search, setSearch] = useSearchParams();
  const addItem = useCartStore((state) => state.addItem);
  const productId = search.get('add');
  const variantId = search.get('variant');
  const qty = Number(search.get('qty') ?? 1);

  useEffect(() => {
    if (productId === null) return;
    const controller = new AbortController();
    getProduct(productId, { signal: controller.signal })
      .then((product) => {
        // A variant the product does not have (any more) adds nothing: the shopper chose another one.
        const variant = product.options.length > 0 ? product.variants.find((v) => v._id === (variantId ?? chosenVariant(product)?._id)) : undefined;
        const line = cartItemOf(product, variant, 1);
        if (line.countInStock > 0 && (product.options.length === 0 || variant)) addItem({ ...line, qty: clampQty(qty, line.countInStock) });
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
  }, [productId, variantId, qty, addItem, setSearch]);

  // Adding until the parameters are gone from the address.
  return productId !== null;
}
