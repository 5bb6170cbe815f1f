import { sessionCalls } from './calls/session';
import { profileCalls } from './calls/profile';

/** Every call of the hall, by name: the one contract the server and the apps share. */
export const contract = {
  ...sessionCalls,
  ...profileCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
