/**
 * The owner's forms as the admin app sends them, with the defaults a new record has; a test changes only what it
 * is about (`terms`).
 */
export function discountCodeForm(terms: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: `TEST${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    kind: 'percent',
    value: 10,
    minOrder: 0,
    startsAt: null,
    endsAt: null,
    totalUses: null,
    usesPerCustomer: null,
    appliesToDelivery: false,
    active: true,
    onBanner: false,
    ...terms,
  };
}
