/** Every storefront route, in one place; screens link with these instead of string literals. */
export const paths = {
  home: '/',
  products: '/products',
  /** The products screen with a search (or empty for all): /products/{filter}. */
  productSearch: (filter: string) => `/products/${encodeURIComponent(filter)}`,
  /** A product's page; with a variant (issue 28), that variant's own address (`?variant=`). */
  product: (id: string, variant?: string) => `/product/${encodeURIComponent(id)}${variant ? `?variant=${encodeURIComponent(variant)}` : ''}`,
  media: '/media',
  tracking: '/tracking',
  /** Where the "Find my orders" code is posted (issue 29). */
  trackingCode: '/tracking/code',
  contact: '/contact',
  delivery: '/delivery',
  returns: '/returns',
  privacy: '/privacy',
  cart: '/cart',
  checkout: '/checkout',
  /** The card payment result page the provider returns to. */
  checkoutResult: (id: string) => `/checkout/${encodeURIComponent(id)}`,
  checkoutInPerson: (id: string) => `/checkoutInPerson/${encodeURIComponent(id)}`,
  /** Issue 29: a bank-transfer order placed: the accounts, the reference and the WhatsApp link for the proof. */
  checkoutTransfer: (id: string) => `/checkoutTransfer/${encodeURIComponent(id)}`,
  trackingOrder: (id: string) => `/tracking/${encodeURIComponent(id)}`,
  notFound: '/404',
} as const;
