export * from './database-options';
export * from './ensure-database';
export * from './snake-naming.strategy';
export * from './query-rows';
