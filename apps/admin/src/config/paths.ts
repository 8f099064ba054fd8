/** Every admin route, in one place. Routes carry the /admin prefix themselves (no router basename). */
export const paths = {
  root: '/',
  dashboard: '/admin/',
  login: '/admin/login',
  /** "Forgot password?" and the mailed link's page (issue 26); outside the admin frame, like login. */
  forgotPassword: '/admin/forgot-password',
  resetPassword: '/admin/reset-password',
  /** The spec's old comments screen: redirects to reviews (issue 26). */
  comments: '/admin/comments',
  reviews: '/admin/reviews',
  orders: '/admin/orders/',
  orderDetail: '/admin/orders/:id',
  orderInPersonDetail: '/admin/orders/inperson/:id',
  /** Card orders open /admin/orders/{id}, in-person orders /admin/orders/inperson/{id} (spec section 2). */
  order: (id: string, inPerson: boolean) => `/admin/orders/${inPerson ? 'inperson/' : ''}${encodeURIComponent(id)}`,
  products: '/admin/products/',
  productAdd: '/admin/products/add',
  /** Products in bulk: CSV export, and an import with a dry run (issue 26). */
  productImport: '/admin/products/import',
  productEdit: '/admin/products/:id',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  media: '/admin/media',
  controls: '/admin/controls',
  restock: '/admin/restock',
  mailLog: '/admin/mail-log',
  /** The mail log's old address: redirects to mailLog. */
  mailLogOldAddress: '/admin/outbox',
  /** The owner's password and two-step sign-in; a screen of its own, outside the admin frame (see router.tsx). */
  security: '/admin/security',
  discounts: '/admin/discounts/',
  discountAdd: '/admin/discounts/add',
  discount: (id: string) => `/admin/discounts/${encodeURIComponent(id)}`,
  /** Not a screen: the layout's fetcher loads the sidebar's count of orders waiting from this route's loader. */
  orderBadge: '/admin/order-badge',
  /** Not a screen: the test-shop banner's fetcher asks here whether card payments are real (a staging shop). */
  paymentMode: '/admin/payment-mode',
} as const;
