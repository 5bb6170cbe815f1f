import { OPERATOR_PASSWORD_MAX_LENGTH, OPERATOR_ROLE_CODES } from '@hall/domain';
import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText } from '../common';
import { itemsReply, pagedReply } from './shared/replies';
import { bareRequest, calendarDate, listOrder, listPageSize, listSort, pageNumber } from './shared/requests';
import { AUDIT_TRAIL_SORTS } from '../console-limits';

/**
 * The operators' own accounts (docs/architecture.md §6): signing in to the console with a password (or a
 * bound WeChat), changing the password, and the administrators' account management and audit trail.
 */

export const operatorRole = z.enum(OPERATOR_ROLE_CODES as [string, ...string[]]);
const password = plainText(OPERATOR_PASSWORD_MAX_LENGTH);
const operatorId = z.number().int().positive();

/** Who an operator is: the account's id, sign-in name, the name the console shows, and the roles. */
const operatorIdentity = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
});

/** How the account signs in: whether its password must be changed first, and whether a WeChat is bound to it. */
const signInState = { mustChangePassword: z.boolean(), wechatBound: z.boolean() };

/** The signed-in operator, as the console shows them. */
export const operatorProfile = operatorIdentity.extend({
  ...signInState,
  /** How this session was signed in: password or wechat. */
  signedInWith: z.string(),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

/** One account as the administrators' list shows it. Times: YYYY-MM-DD HH:mm:ss (Asia/Shanghai) or ''. */
export const operatorAccount = operatorIdentity.extend({
  disabled: z.boolean(),
  locked: z.boolean(),
  ...signInState,
  createdAt: z.string(),
  lastSignInAt: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccount>;

/** One entry of the audit trail. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  operatorId: z.number().nullable(),
  operatorName: z.string(),
  ip: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_SIZE = 50;

export const operatorCalls = {
  operatorSignIn: post('/online/admin/api/signIn', bareRequest.extend({ username: plainText(64), password }), errcodeReply(operatorProfile)),
  operatorSignOut: post('/online/admin/api/signOut', bareRequest, errcodeReply(z.object({}))),
  /** The signed-in operator, or errcode 401 when the console is not signed in. */
  getOperatorMe: post('/online/admin/api/me', bareRequest, errcodeReply(operatorProfile)),
  changeOperatorPassword: post('/online/admin/api/changePassword', bareRequest.extend({ current: password, next: password }), errcodeReply(operatorProfile)),
  /** Binds the WeChat this browser is signed in with (the citizen session) to the signed-in operator. */
  bindOperatorWechat: post('/online/admin/api/bindWechat', bareRequest, errcodeReply(operatorProfile)),
  unbindOperatorWechat: post('/online/admin/api/unbindWechat', bareRequest, errcodeReply(operatorProfile)),
  listOperators: post('/online/admin/api/operators/list', bareRequest, itemsReply(operatorAccount)),
  createOperator: post(
    '/online/admin/api/operators/create',
    bareRequest.extend({ username: plainText(64), displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), password }),
    errcodeReply(operatorAccount),
  ),
  updateOperator: post(
    '/online/admin/api/operators/update',
    bareRequest.extend({ id: operatorId, displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), disabled: z.boolean() }),
    errcodeReply(operatorAccount),
  ),
  /** Sets a new password that must be changed at the next sign-in (within 72 hours), lifts every lock-out, ends the account's sessions and unbinds its WeChat. */
  resetOperatorPassword: post('/online/admin/api/operators/resetPassword', bareRequest.extend({ id: operatorId, password }), errcodeReply(operatorAccount)),
  /** Unbinds another operator's WeChat (a lost phone, a person who left); a reset unbinds it too. */
  unbindOperatorWechatOf: post('/online/admin/api/operators/unbindWechat', bareRequest.extend({ id: operatorId }), errcodeReply(operatorAccount)),
  /**
   * A page of the audit trail, newest first, or by the column sorted (order, ascending when left out);
   * pageSize defaults to AUDIT_PAGE_SIZE.
   */
  listAuditTrail: post(
    '/online/admin/api/audit/list',
    bareRequest.extend({
      page: pageNumber,
      pageSize: listPageSize,
      sort: listSort(AUDIT_TRAIL_SORTS),
      order: listOrder,
      operator: plainText(64).optional(),
      action: plainText(64).optional(),
      from: calendarDate.optional(),
      to: calendarDate.optional(),
    }),
    pagedReply(auditEntry),
  ),
} as const;
