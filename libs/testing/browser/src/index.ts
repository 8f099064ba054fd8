export * from './axe-scan';
export * from './screenshot';
export * from './broken-words';
