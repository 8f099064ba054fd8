import { z } from 'zod';
import { envBool, envPort, serviceConfigShape } from './base-config';
import { SERVER_APPS } from './server-apps';
import { refuseUnsafeProductionValues } from './production-checks';

/** WiPay's published sandbox credentials (payment-wipay.md): anyone can compute a valid result hash with this key. */
export const WIPAY_SANDBOX_KEY = '123';
/**
 * The shortest WiPay API key production accepts. WiPay does not publish the length of its live keys; they are
 * long random strings, and anything this short could be guessed (the key signs every payment result).
 */
export const WIPAY_MIN_KEY_LENGTH = 16;

/** The payment service's configuration: the provider (sandbox or WiPay) and its account. */
export const paymentConfigSchema = z
  .object({
    ...serviceConfigShape(SERVER_APPS['payment-service']),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'wipay']).default('sandbox'),
    /**
     * A staging shop under NODE_ENV=production may take sandbox payments (the sandbox provider, or WiPay's sandbox
     * environment) only with this set; sandboxInProduction() then tells the storefront and the admin to say so on
     * every page (`payment.payments.mode`).
     */
    PAYMENT_SANDBOX_IN_PRODUCTION: envBool.default(false),
    /** The shop's name as the payment page shows it (WiPay's `origin`, 1-32 characters). */
    PAYMENT_SHOP_NAME: z.string().min(1).max(32).default('Island Glow'),
    /** WiPay merchant account and API key; the defaults are WiPay's published sandbox values (refused in production). */
    WIPAY_ACCOUNT_NUMBER: z.string().regex(/^\d{10}$/).default('1234567890'),
    WIPAY_API_KEY: z.string().min(1).default(WIPAY_SANDBOX_KEY),
    WIPAY_REQUEST_URL: z.url().default('https://tt.wipayfinancial.com/plugins/payments/request'),
    WIPAY_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
    WIPAY_COUNTRY_CODE: z.enum(['TT', 'JM', 'BB', 'GY']).default('TT'),
    WIPAY_CURRENCY: z.enum(['TTD', 'USD']).default('TTD'),
    WIPAY_FEE_STRUCTURE: z.enum(['customer_pay', 'merchant_absorb', 'split']).default('merchant_absorb'),
    WIPAY_METHOD: z.enum(['credit_card', 'credit_card_co']).default('credit_card'),
    /** Port of the sandbox's hosted payment page (served by the payment service), and its public address. */
    PAYMENT_SANDBOX_PORT: envPort.default(3100),
    PAYMENT_SANDBOX_URL: z.url().optional(),
    /**
     * Issue 29: the sandbox answers a status look-up by order reference (as WiPay's look-up is assumed to), so an
     * unpaid card order is asked about before it expires. Off for a test that needs an approved payment to expire.
     */
    PAYMENT_SANDBOX_LOOKUP: envBool.default(true),
    /** WiPay's status look-up by order reference; unset (the default), live WiPay orders expire without asking. */
    WIPAY_LOOKUP_URL: z.url().optional(),
  })
  .superRefine((cfg, ctx) => {
    refuseUnsafeProductionValues(cfg, ctx);
    if (cfg.NODE_ENV !== 'production') return;
    // The published key is already refused above as an example value; a short one could be guessed.
    if (cfg.WIPAY_API_KEY !== WIPAY_SANDBOX_KEY && cfg.WIPAY_API_KEY.length < WIPAY_MIN_KEY_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['WIPAY_API_KEY'], message: `WIPAY_API_KEY is shorter than WiPay's keys (${WIPAY_MIN_KEY_LENGTH} characters at least); set the shop's own key` });
    }
    if (cfg.PAYMENT_SANDBOX_IN_PRODUCTION) return;
    if (cfg.PAYMENT_PROVIDER === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'PAYMENT_PROVIDER=sandbox takes no real payment; set wipay for production (or PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging shop)',
      });
    } else if (cfg.WIPAY_ENVIRONMENT === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['WIPAY_ENVIRONMENT'],
        message: 'WIPAY_ENVIRONMENT=sandbox takes no real payment; set live for production (or PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging shop)',
      });
    }
  });

export type PaymentConfig = Readonly<z.output<typeof paymentConfigSchema>>;

/**
 * True when this payment service takes no real card payment although it runs as production: a staging shop
 * (PAYMENT_SANDBOX_IN_PRODUCTION) on the sandbox provider or on WiPay's sandbox environment. The storefront and the
 * admin show their test-shop banner on this (`payment.payments.mode`). The flag alone, with WiPay live, takes real
 * payments: no banner. Outside production nobody is a customer: no banner either.
 */
export function sandboxInProduction(
  cfg: Pick<PaymentConfig, 'NODE_ENV' | 'PAYMENT_SANDBOX_IN_PRODUCTION' | 'PAYMENT_PROVIDER' | 'WIPAY_ENVIRONMENT'>,
): boolean {
  if (cfg.NODE_ENV !== 'production' || !cfg.PAYMENT_SANDBOX_IN_PRODUCTION) return false;
  return cfg.PAYMENT_PROVIDER === 'sandbox' || cfg.WIPAY_ENVIRONMENT === 'sandbox';
}
