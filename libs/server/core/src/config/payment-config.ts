import { z } from 'zod';
import { envPort, serviceConfigShape } from './base-config';

/** The payment service's configuration: the provider (sandbox or WiPay) and its account. */
export const paymentConfigSchema = z.object({
  ...serviceConfigShape({ databaseRole: 'shop_payment', opsPort: 9403 }),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wipay']).default('sandbox'),
  /** The shop's name as the payment page shows it (WiPay's `origin`, 1-32 characters). */
  PAYMENT_SHOP_NAME: z.string().min(1).max(32).default('Island Glow'),
  /** WiPay merchant account and API key; the defaults are WiPay's published sandbox values. */
  WIPAY_ACCOUNT_NUMBER: z.string().regex(/^\d{10}$/).default('1234567890'),
  WIPAY_API_KEY: z.string().min(1).default('123'),
  WIPAY_REQUEST_URL: z.url().default('https://tt.wipayfinancial.com/plugins/payments/request'),
  WIPAY_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  WIPAY_COUNTRY_CODE: z.enum(['TT', 'JM', 'BB', 'GY']).default('TT'),
  WIPAY_CURRENCY: z.enum(['TTD', 'USD']).default('TTD'),
  WIPAY_FEE_STRUCTURE: z.enum(['customer_pay', 'merchant_absorb', 'split']).default('merchant_absorb'),
  WIPAY_METHOD: z.enum(['credit_card', 'credit_card_co']).default('credit_card'),
  /** Port of the sandbox's hosted payment page (served by the payment service), and its public address. */
  PAYMENT_SANDBOX_PORT: envPort.default(3100),
  PAYMENT_SANDBOX_URL: z.url().optional(),
});

export type PaymentConfig = Readonly<z.output<typeof paymentConfigSchema>>;
