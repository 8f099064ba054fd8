export * from './base-config';
export * from './gateway-config';
export * from './catalog-config';
export * from './order-config';
export * from './payment-config';
export * from './notification-config';
export * from './production-checks';
