import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { requireUserInfo } from '../lib/auth';
import { AdminErrorBoundary, AdminHydrateFallback, AdminLayout, adminLayoutLoader } from './routes/admin-layout';
import { AdminRoot } from './routes/admin-root';
import { dashboardLoader } from './routes/dashboard-loader';
import { LoginRoute, loginLoader } from './routes/login';
import { securityLoader } from './routes/security-loader';
import { productAddLoader, productEditLoader } from './routes/product-edit-loader';
import { productsLoader } from './routes/products-loader';
import { productVariantsAction } from './routes/product-variants-action';
import { orderBadgeLoader } from './routes/order-badge-loader';
import { paymentModeLoader } from './routes/payment-mode-loader';
import { orderLoader, ordersLoader } from './routes/orders-loaders';
import { mailLogLoader } from './routes/mail-log-loader';
import { discountCodesAction } from './routes/discounts-action';
import { discountCodeLoader, discountCodesLoader } from './routes/discounts-loaders';
import { restockAction } from './routes/restock-action';
import { restockLoader } from './routes/restock-loader';
import { reviewsAction } from './routes/reviews-action';
import { reviewsLoader } from './routes/reviews-loader';
import { mediaLoader, settingsLoader } from './routes/settings-loaders';

// Every guarded loader checks the login itself too: child loaders run alongside the layout's, not after it.
const guarded = () => {
  requireUserInfo();
  return null;
};

// Screens are lazy chunks; their loaders stay in the main bundle so data and code download together. Every
// screen's data comes from its loader (a promise the screen awaits with its own placeholder); a change made on
// a screen revalidates rather than fetching again by hand.
const screens: RouteObject[] = [
  { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
  { path: paths.login, loader: loginLoader, Component: LoginRoute, HydrateFallback: () => null },
  {
    path: paths.forgotPassword,
    lazy: { Component: async () => (await import('./routes/password-reset')).ForgotPasswordRoute },
    HydrateFallback: () => null,
  },
  {
    path: paths.resetPassword,
    lazy: { Component: async () => (await import('./routes/password-reset')).ResetPasswordRoute },
    HydrateFallback: () => null,
  },
  // Outside the admin frame: an owner who must set up two-step sign-in first can use this screen and nothing else
  // (the frame's own calls would be refused until then).
  {
    path: paths.security,
    loader: securityLoader,
    lazy: { Component: async () => (await import('./routes/security')).SecurityRoute },
    HydrateFallback: () => null,
  },
  {
    path: paths.dashboard,
    loader: adminLayoutLoader,
    Component: AdminLayout,
    ErrorBoundary: AdminErrorBoundary,
    HydrateFallback: AdminHydrateFallback,
    children: [
      {
        index: true,
        loader: (args) => {
          requireUserInfo();
          return dashboardLoader(args);
        },
        lazy: { Component: async () => (await import('./routes/dashboard')).DashboardRoute },
      },
      // The spec's comments screen (it showed the admin home): the reviews screen, issue 26.
      { path: 'comments', loader: () => redirect(paths.reviews) },
      { path: 'reviews', loader: reviewsLoader, action: reviewsAction, lazy: { Component: async () => (await import('./routes/reviews')).ReviewsRoute } },
      {
        path: 'products',
        children: [
          { index: true, loader: productsLoader, lazy: { Component: async () => (await import('./routes/products')).ProductsRoute } },
          { path: 'add', loader: productAddLoader, lazy: { Component: async () => (await import('./routes/product-add')).ProductAddRoute } },
          { path: 'import', loader: guarded, lazy: { Component: async () => (await import('./routes/product-import')).ProductImportRoute } },
          { path: ':id', loader: productEditLoader, action: productVariantsAction, lazy: { Component: async () => (await import('./routes/product-edit')).ProductEditRoute } },
        ],
      },
      { path: 'restock', loader: restockLoader, action: restockAction, lazy: { Component: async () => (await import('./routes/restock')).RestockRoute } },
      {
        path: 'orders',
        children: [
          { index: true, loader: ordersLoader, lazy: { Component: async () => (await import('./routes/orders')).OrdersRoute } },
          { path: 'inperson/:id', loader: orderLoader, lazy: { Component: async () => (await import('./routes/order-detail')).OrderDetailRoute } },
          { path: ':id', loader: orderLoader, lazy: { Component: async () => (await import('./routes/order-detail')).OrderDetailRoute } },
        ],
      },
      { path: 'media', loader: mediaLoader, lazy: { Component: async () => (await import('./routes/media')).MediaRoute } },
      { path: 'controls', loader: settingsLoader, lazy: { Component: async () => (await import('./routes/settings')).SettingsRoute } },
      {
        path: 'discounts',
        children: [
          { index: true, loader: discountCodesLoader, action: discountCodesAction, lazy: { Component: async () => (await import('./routes/discounts')).DiscountCodesRoute } },
          { path: 'add', loader: guarded, lazy: { Component: async () => (await import('./routes/discount-edit')).DiscountAddRoute } },
          { path: ':id', loader: discountCodeLoader, lazy: { Component: async () => (await import('./routes/discount-edit')).DiscountEditRoute } },
        ],
      },
      { path: 'mail-log', loader: mailLogLoader, lazy: { Component: async () => (await import('./routes/mail-log')).MailLogRoute } },
      // The screen's old name (before issue 26): old links and bookmarks land on the mail log, filter and page kept.
      { path: 'outbox', loader: ({ request }) => redirect(`${paths.mailLog}${new URL(request.url).search}`) },
    ],
  },
  // Not a screen: the layout's fetcher loads the sidebar's count of orders waiting from here.
  { path: paths.orderBadge, loader: orderBadgeLoader },
  // Not a screen: the test-shop banner's fetcher asks whether card payments are real from here.
  { path: paths.paymentMode, loader: paymentModeLoader },
  // No admin 404 screen yet: anything unknown goes to the dashboard (which sends a visitor without a login to login).
  { path: '*', element: <Navigate to={paths.dashboard} replace /> },
];

// Every screen, the login too, under a staging shop's test-shop banner (AdminRoot: no loader of its own, so each
// screen still draws its own placeholder while it loads).
export const router = createBrowserRouter([{ Component: AdminRoot, children: screens }]);
