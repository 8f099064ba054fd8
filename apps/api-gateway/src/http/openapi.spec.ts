import { DeliveryStatus, OrderPageSchema, OrderSchema, PaymentRedirectParamsSchema, PAYMENT_REDIRECT_KEYS, ProductListSchema } from '@shop/contracts';
import { SiteSettingsInputSchema } from '@shop/rules';
import { componentSchemas, schemaOf } from './openapi';

describe('OpenAPI schemas generated from the contracts', () => {
  const components = componentSchemas();

  it('names contract schemas as components and refers to them wherever they appear', () => {
    expect(schemaOf(OrderSchema)).toEqual({ $ref: '#/components/schemas/Order' });
    expect(schemaOf(ProductListSchema)).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ProductSummary' } });
    expect(components.OrderPage.properties?.orders).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Order' } });
    expect(schemaOf(OrderPageSchema)).toEqual({ $ref: '#/components/schemas/OrderPage' });
  });

  it('takes enum literals from the contract, not from a copy', () => {
    const order = components.Order.properties as Record<string, { enum?: unknown[] }>;
    expect(order.deliveryStatus.enum).toEqual(Object.values(DeliveryStatus));
    expect(order.paymentMethod.enum).toEqual(['card', 'in_person', 'bank_transfer']);
  });

  it('leaves nothing JSON Schema-only in the document', () => {
    const text = JSON.stringify({ components, body: schemaOf(SiteSettingsInputSchema) });
    expect(text).not.toMatch(/"\$id"|"\$schema"|"definitions"|#\/definitions\//);
  });

  it('keeps request bodies that are not components inline', () => {
    expect(schemaOf(SiteSettingsInputSchema).properties).toHaveProperty('contactSettings');
    expect(Object.keys(schemaOf(PaymentRedirectParamsSchema).properties ?? {})).toEqual([...PAYMENT_REDIRECT_KEYS]);
  });
});
