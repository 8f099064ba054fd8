export * from './axe-scan';
