export * from './test-database';
export * from './test-stack';
export * from './capture-logger';
export * from './generate-products';
export * from './fault-drills';
export * from './own-servers';
export * from './storefront-server';
export * from './prometheus-text';
