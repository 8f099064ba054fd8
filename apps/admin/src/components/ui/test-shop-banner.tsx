import { useEffect } from 'react';
import { useFetcher } from 'react-router-dom';
import type { paymentModeLoader } from '../../app/routes/payment-mode-loader';
import { paths } from '../../config/paths';
import './test-shop-banner.css';

/**
 * A staging shop's banner (issue 24): the payment service runs the sandbox under production
 * (PAYMENT_SANDBOX_IN_PRODUCTION), so the orders' card payments are not real. Asked once per visit through the
 * router (paymentModeLoader); in a real shop, in development, or when the gateway does not answer, nothing is shown.
 */
export function TestShopBanner() {
  const { load, data, state } = useFetcher<typeof paymentModeLoader>({ key: 'payment-mode' });
  const asked = data !== undefined || state !== 'idle';
  useEffect(() => {
    if (!asked) void load(paths.paymentMode);
  }, [asked, load]);
  if (!data?.testPayments) return null;
  return (
    <div className="test-shop-banner" role="region" aria-label="Test shop">
      <strong>Test shop:</strong> card payments here are not real, and no money is taken.
    </div>
  );
}
