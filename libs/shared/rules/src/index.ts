export * from './common.rules';
