export * from './common.rules';
export * from './product.rules';
