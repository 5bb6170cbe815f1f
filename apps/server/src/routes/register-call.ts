import type { CallDefinition } from '@hall/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf } from '../lib/envelope';
import { refuseOthersPayload, requireCitizen } from '../plugins/session';
import { requireVerifiedCitizen } from '../plugins/real-name-gate';
import { requireOperator, type OperatorGuard } from '../plugins/operator-session';
import { addressRateLimitKey } from '../plugins/rate-limits';

export interface CallOptions {
  /**
   * citizen: an active session is required and payload openids must be the session's.
   * verified: a citizen call of a business (queries, applications, bookings …): the profile must
   * also be complete and real-name verified (plugins/real-name-gate.ts).
   */
  auth: 'citizen' | 'verified' | 'public' | 'operator';
  /**
   * For auth 'citizen', a hot read: the handler finds the session in its own statement
   * (citizenReadInSession in plugins/session.ts), one round trip instead of two, so no lookup runs
   * before it. A handler that did not call it would have no citizen and fail closed.
   */
  sessionInRead?: boolean;
  /** For auth 'operator': the role the call needs and whether it works before a temporary password is changed. */
  operator?: OperatorGuard;
  /**
   * Per-route rate limit, e.g. { max: 5, timeWindow: '1 minute' }, per session (or client address).
   * firm: counted in PostgreSQL, shared by every process and kept across restarts (plugins/rate-limits.ts).
   * byAddress: counted by the client address alone, for a sign-in, where a cookie (even one signed out long
   * ago) must buy no more tries.
   */
  rateLimit?: { max: number; timeWindow: string; firm?: boolean; byAddress?: boolean };
  /** A body limit above the hall's 1 MB default, for a call that carries a picture. */
  bodyLimit?: number;
}

function routeRateLimit({ byAddress, ...limit }: NonNullable<CallOptions['rateLimit']>) {
  return byAddress ? { ...limit, keyGenerator: addressRateLimitKey } : limit;
}

/**
 * The guard of every console call by its path, as registered: the role tests go through every
 * one of them (test/operators/console-roles.test.ts), so a new console call is checked the day it is added.
 */
export const consoleCallGuards = new Map<string, OperatorGuard>();

/** A call's request, its body as the contract's schema gives it. */
export type CallRequest<C extends CallDefinition> = FastifyRequest & { body: z.output<C['body']> };

export type CallHandler<C extends CallDefinition> = (request: CallRequest<C>, reply: FastifyReply) => Promise<z.input<C['reply']>>;

/**
 * Registers one call of the contract at its path, validating what comes in with the contract's
 * schema and what goes out with its reply schema, so the server cannot drift from the contract.
 */
export function registerCall<C extends CallDefinition>(app: FastifyInstance, call: C, options: CallOptions, handler: CallHandler<C>): void {
  const isGet = call.method === 'GET';
  // A call with path parameters (`:areaId`) carries everything it needs in the path, so its schema checks the path.
  const inPath = call.path.includes('/:');
  if (options.auth === 'operator') consoleCallGuards.set(call.path, options.operator ?? {});
  app.route({
    method: call.method,
    url: call.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: inPath ? { params: call.body, response: { 200: call.reply } } : isGet ? { querystring: call.body, response: { 200: call.reply } } : { body: call.body, response: { 200: call.reply } },
    config: {
      envelope: envelopeOf(call.reply),
      form: Boolean(call.form),
      console: options.auth === 'operator',
      ...(options.rateLimit ? { rateLimit: routeRateLimit(options.rateLimit) } : {}),
    },
    // The real-name gate runs before the payload is even validated: an unverified account learns nothing of a business call.
    // So does the operator guard: without a console session and the role, nothing of the payload is looked at.
    preValidation: options.auth === 'verified' ? requireVerifiedCitizen : options.auth === 'operator' ? (request) => requireOperator(request, options.operator) : undefined,
    preHandler:
      options.auth !== 'public' && options.auth !== 'operator' && !options.sessionInRead
        ? async (request) => {
            if (options.auth === 'citizen') await requireCitizen(request);
            refuseOthersPayload(request, isGet ? request.query : request.body);
          }
        : undefined,
    handler: async (request, reply) => {
      if (inPath) (request as { body: unknown }).body = request.params;
      else if (isGet) (request as { body: unknown }).body = request.query;
      return handler(request as CallRequest<C>, reply);
    },
  });
}
