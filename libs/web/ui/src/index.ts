export * from './download-blob';
export * from './error-panel';
export * from './use-dismiss';
export * from './order-timeline';
export * from './toast';
export * from './url-setting';
