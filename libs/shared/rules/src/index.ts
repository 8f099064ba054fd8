export * from './common.rules';
export * from './product.rules';
export * from './settings.rules';
export * from './youtube.rules';
export * from './contact.rules';
export * from './checkout.rules';
