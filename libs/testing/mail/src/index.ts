export * from './mail-inbox';
