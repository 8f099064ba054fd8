export * from './error-panel';
export * from './use-dismiss';
