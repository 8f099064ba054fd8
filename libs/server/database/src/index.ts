export * from './database-options';
export * from './ensure-database';
export * from './snake-naming.strategy';
