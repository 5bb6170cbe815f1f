import { OPERATOR_MESSAGES, type OperatorRole } from '@hall/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HallError } from '../lib/errors';
import { signedCookie } from '../lib/signed-cookie';
import { recordAudit, type OperatorActor } from '../services/operators/audit';
import { findOperatorSession, OPERATOR_SESSION_LIFETIME_MS, type SignedInOperator } from '../services/operators/operator-sessions';

/**
 * The console's own session cookie, apart from the citizen's WeChat session (hall_sid): an operator
 * is never a citizen by being signed in, nor the other way round. SameSite=Strict: the console is
 * never entered with its session from another site.
 */
export const OPERATOR_COOKIE = 'hall_operator_sid';

/** errcode of a console call whose session is missing or over: the shell shows its sign-in page. */
export const OPERATOR_SIGNED_OUT_ERRCODE = '401';

export function setOperatorCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(OPERATOR_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    signed: true,
    secure: request.hall.env.HALL_PUBLIC_URL?.startsWith('https://') ?? false,
    maxAge: OPERATOR_SESSION_LIFETIME_MS / 1000,
  });
}

export function clearOperatorCookie(reply: FastifyReply): void {
  reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
}

/** The console session the request carries, or null. */
export async function readOperatorSession(request: FastifyRequest): Promise<SignedInOperator | null> {
  const id = signedCookie(request, OPERATOR_COOKIE);
  return id ? findOperatorSession(request.hall.db, id) : null;
}

export interface OperatorGuard {
  /** The role the call needs; none: any signed-in operator. */
  role?: OperatorRole;
  /** The call works before a temporary password is changed (me, change password, sign out). */
  beforePasswordChange?: boolean;
}

/**
 * The guard of every console call: a live console session (else 401, errcode 401), a password
 * that is not temporary, and the role the call needs (else 403). Sets request.operator.
 */
export async function requireOperator(request: FastifyRequest, guard: OperatorGuard = {}): Promise<void> {
  const operator = await readOperatorSession(request);
  if (!operator) throw new HallError(401, OPERATOR_MESSAGES.signInRequired, OPERATOR_SIGNED_OUT_ERRCODE);
  request.operator = operator;
  if (!guard.beforePasswordChange && operator.account.mustChangePassword) throw forbidden(OPERATOR_MESSAGES.mustChangePassword);
  if (guard.role && !operator.account.roles.includes(guard.role)) {
    await recordAudit(request.hall.db, auditActor(request), { action: 'denied.role', target: request.routeOptions.url ?? request.url, after: { role: guard.role } });
    throw forbidden(OPERATOR_MESSAGES.notPermitted);
  }
}

/**
 * A refused attempt at a console call that never reached its guard (another site's page posting to it):
 * recorded with the console session's operator when the request carries one, without holding the refusal up.
 */
export function recordRefusedConsoleAttempt(request: FastifyRequest, action: string): void {
  void (async () => {
    const operator = await readOperatorSession(request).catch(() => null);
    const actor = operator ? { operatorId: operator.account.id, operatorName: operator.account.username, ip: request.ip } : { operatorId: null, operatorName: '', ip: request.ip };
    await recordAudit(request.hall.db, actor, {
      action,
      target: request.routeOptions.url ?? request.url,
      after: { origin: String(request.headers.origin ?? request.headers.referer ?? '').slice(0, 200) },
    });
  })().catch((error: unknown) => request.log.warn({ err: error }, 'a refused console attempt was not recorded'));
}

/** Who is acting: the signed-in operator (account for the audit trail, name for what others read) and the client address. */
export function auditActor(request: FastifyRequest): OperatorActor {
  const { account } = request.operator;
  return { operatorId: account.id, operatorName: account.username, displayName: account.displayName, ip: request.ip };
}
