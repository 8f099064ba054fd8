import { pickRedirectParams, type PaymentRedirectParams } from '@shop/contracts';
import type { PaymentConfig } from '@shop/server-config';
import { PaymentProviderUnavailableError } from './payment-provider';

const LOOKUP_TIMEOUT_MS = 10_000;

export type LookupSettings = Pick<PaymentConfig, 'WIPAY_ACCOUNT_NUMBER' | 'WIPAY_ENVIRONMENT'>;

/**
 * Issue 29: the status of one order reference at the provider. The format is ASSUMED, not confirmed by WiPay (its
 * API documentation v1.0.8 has no status call): a form-encoded POST of `account_number`, `environment` and
 * `order_id`, asking for JSON, answered with the redirect's own fields (a success with its hash), or 404 when
 * the reference is unknown. The sandbox answers exactly this, so the whole path is tested end to end.
 */
export async function lookUpTransaction(url: string, settings: LookupSettings, reference: string): Promise<PaymentRedirectParams | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ account_number: settings.WIPAY_ACCOUNT_NUMBER, environment: settings.WIPAY_ENVIRONMENT, order_id: reference }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
  } catch {
    throw new PaymentProviderUnavailableError();
  }
  if (res.status === 404) return null;
  const body: unknown = await res.json().catch(() => null);
  if (res.status >= 400 || body === null) throw new PaymentProviderUnavailableError();
  return pickRedirectParams(body);
}
