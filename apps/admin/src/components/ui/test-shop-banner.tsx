import { getPaymentMode } from '@shop/api-client';
import { useEffect, useState } from 'react';
import './test-shop-banner.css';

/**
 * On every screen of a staging shop's admin, the login too (issue 24): the payment service runs the sandbox under
 * production (PAYMENT_SANDBOX_IN_PRODUCTION), so the orders' card payments are not real. Asked once per visit; in a
 * real shop, in development, or when the gateway does not answer, nothing is shown.
 */
export function TestShopBanner() {
  const [testPayments, setTestPayments] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getPaymentMode({ signal: controller.signal }).then(
      (mode) => setTestPayments(mode.testPayments),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  if (!testPayments) return null;
  return (
    <div className="test-shop-banner" role="region" aria-label="Test shop">
      <strong>Test shop:</strong> card payments here are not real, and no money is taken.
    </div>
  );
}
