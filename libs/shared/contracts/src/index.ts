export * from './errors';
export * from './services';
export * from './patterns';
export * from './health';
export * from './product';
export * from './headers';
export * from './stock';
export * from './validate';
