export * from './axe-scan';
export * from './screenshot';
