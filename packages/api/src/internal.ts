/**
 * The hall's own entry: the public surface of `@hall/api` and everything the hall's server and
 * apps use besides (each call's schemas by name, the envelope builders, the limits and messages of
 * the console's forms). Not published: other teams import `@hall/api`, whose names stay stable.
 */
export * from './envelopes';
export type { CallBody, CallDefinition, CallReply } from './define-call';
export * from './common';
export { ROW_ID_INVALID } from './calls/shared/ids';
export * from './contract';
export * from './client';
export * from './calls/session';
export * from './calls/profile';
export * from './calls/content';
export * from './calls/queries';
export * from './calls/admin';
export * from './calls/apply';
export * from './calls/apply-fill';
export * from './calls/appointments';
export * from './calls/appointment-list';
export * from './calls/statements';
export * from './calls/review';
export * from './calls/archive-query';
export * from './calls/queue';
export * from './calls/queue-calling';
export * from './calls/downloads';
export * from './calls/sites';
export * from './calls/operators';
export * from './calls/statistics';
export * from './calls/feedback-inbox';
export * from './calls/notifications';
export * from './calls/fulfilment';
export * from './calls/appointment-settings';
export * from './calls/hall-setup';
export * from './calls/counter-day';
export * from './calls/content-console';
export * from './calls/ratings';
