export * from './id-card';
