export * from './axe-scan';
export * from './screenshot';
export * from './broken-words';
export * from './browser-pages';
export * from './page-checks';
export * from './shop-api';
export * from './shopper';
