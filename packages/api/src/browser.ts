/**
 * The browser entry: the same typed client and helpers without the zod schemas, so the citizen
 * app's first load stays within its budget. The server checks every reply against the contract
 * before sending it (its serializer uses the same schemas), so the browser need not parse again.
 */
import type { HallClient } from './client';
import { createCaller, type HallClientOptions } from './client-core';
import { routes } from './routes.generated';

export function createBrowserHallClient(options: HallClientOptions): HallClient {
  return createCaller(routes, options) as unknown as HallClient;
}

export type { HallClient, CallInput, CallOutput } from './client';
export type { HallClientOptions } from './client-core';
export * from './session-lost';
export * from './reply-helpers';
export * from './messages';
export * from './oidc-sign-in';
export { newReqseq } from './reqseq';
export type * from './calls/session';
export type * from './calls/profile';
export type * from './calls/content';
export type * from './calls/queries';
export type * from './calls/admin';
export type * from './calls/apply';
export type * from './calls/statements';
export type * from './calls/review';
export type * from './calls/operators';
export type * from './calls/statistics';
export type * from './calls/feedback-inbox';
export type * from './calls/notifications';
export type * from './calls/fulfilment';
export type * from './calls/appointment-settings';
export type * from './calls/hall-setup';
export type * from './calls/counter-day';
export type * from './calls/queue-calling';
export type * from './calls/content-console';
export type * from './calls/ratings';
export * from './content-limits';
export * from './review-limits';
export * from './console-limits';
export * from './queue-calling-limits';
