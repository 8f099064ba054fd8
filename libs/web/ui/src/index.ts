export * from './error-panel';
