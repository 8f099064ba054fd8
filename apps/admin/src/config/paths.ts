/** Every admin route, in one place. Routes carry the /admin prefix themselves (no router basename). */
export const paths = {
  root: '/',
  dashboard: '/admin/',
  login: '/admin/login',
  comments: '/admin/comments',
  orders: '/admin/orders',
  products: '/admin/products/',
  productAdd: '/admin/products/add',
  productEdit: '/admin/products/:id',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  media: '/admin/media',
  controls: '/admin/controls',
  restock: '/admin/restock',
} as const;
