import { useOnline } from '../../../lib/use-online';

/** Said plainly while the device is offline: placing an order needs the shop's server; the cart stays here. */
export function CheckoutOfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="checkout__offline" role="status">
      You are offline. Checkout needs an internet connection to place your order. Your cart is saved on this device,
      so you can finish when you are back online.
    </p>
  );
}
