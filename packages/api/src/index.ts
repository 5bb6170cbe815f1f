export * from './envelopes';
export * from './define-call';
export * from './common';
export * from './contract';
export * from './client';
export * from './calls/session';
export * from './calls/profile';
