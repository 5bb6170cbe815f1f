export * from './id-card';
export * from './regions';
