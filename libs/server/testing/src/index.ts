export * from './test-database';
export * from './test-stack';
export * from './capture-logger';
export * from './generate-products';
export * from './fault-drills';
export * from './own-servers';
export * from './storefront-server';
export * from './prometheus-text';
export * from './stack-requests';
export * from './order-visitor';
export * from './admin-preview';
// The one shop client of the tests and benchmarks, and its companions (names kept stable for every test folder):
// ShopClient (request, send, placeOrder, quote, payPage, pay, sendPaymentResult, track, adminLogin, asAdmin),
// json, bearer, visitor, customer, eventually, DEFAULT_ADMIN; adminToken, sandboxPay, sendPaymentResult (stack-requests);
// ShopDb (database fixtures and reads); useShop (a describe's stack, database and admin token); withShop (the same for a script).
export * from './shop-client';
export * from './shop-db';
export * from './shop-fixture';
export * from './shop-forms';
export * from './fault-fixture';
export * from './expiry-jobs';
export * from './e2e-smtp';
