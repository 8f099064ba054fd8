export * from './test-database';
export * from './test-stack';
export * from './capture-logger';
export * from './generate-products';
