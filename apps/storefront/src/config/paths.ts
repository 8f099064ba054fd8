/** Every storefront route, in one place; screens link with these instead of string literals. */
export const paths = {
  home: '/',
  products: '/products',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  media: '/media',
  tracking: '/tracking',
  contact: '/contact',
  cart: '/cart',
  notFound: '/404',
} as const;
