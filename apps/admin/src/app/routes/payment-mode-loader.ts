import { getPaymentMode } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';

/**
 * Whether card payments are real (`testPayments` true in a staging shop), for the test-shop banner's fetcher.
 * Public (the login shows it too). Never throws: without an answer the banner is simply not shown.
 */
export async function paymentModeLoader({ request }: LoaderFunctionArgs): Promise<{ testPayments: boolean }> {
  try {
    return { testPayments: (await getPaymentMode({ signal: request.signal })).testPayments };
  } catch {
    return { testPayments: false };
  }
}
