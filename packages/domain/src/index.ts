export * from './id-card';
export * from './regions';
export * from './routing';
export * from './review';
export * from './query-records';
export * from './menu';
export * from './session';
