export * from './database-options';
export * from './ensure-schema';
export * from './snake-naming.strategy';
export * from './query-rows';
export * from './transaction-context';
export * from './connection-lost';
export * from './resilient-client';
export * from './outbox-table';
