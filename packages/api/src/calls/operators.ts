import { OPERATOR_PASSWORD_MAX_LENGTH, OPERATOR_ROLE_CODES } from '@hall/domain';
import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { reqseq, plainText } from '../common';

/**
 * The operators' own accounts (DESIGN.md §10): signing in to the console with a password (or a
 * bound WeChat), changing the password, and the administrators' account management and audit trail.
 */

export const operatorRole = z.enum(OPERATOR_ROLE_CODES as [string, ...string[]]);
const password = plainText(OPERATOR_PASSWORD_MAX_LENGTH);
const operatorId = z.number().int().positive();

/** The signed-in operator, as the console shows them. */
export const operatorProfile = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  mustChangePassword: z.boolean(),
  wechatBound: z.boolean(),
  /** How this session was signed in: password or wechat. */
  signedInWith: z.string(),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

/** One account as the administrators' list shows it. Times: YYYY-MM-DD HH:mm:ss (Asia/Shanghai) or ''. */
export const operatorAccount = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  locked: z.boolean(),
  mustChangePassword: z.boolean(),
  wechatBound: z.boolean(),
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
const dateFilter = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');

export const operatorCalls = {
  operatorSignIn: post('/online/admin/api/signIn', z.object({ reqseq, username: plainText(64), password }), errcodeReply(operatorProfile)),
  operatorSignOut: post('/online/admin/api/signOut', z.object({ reqseq }), errcodeReply(z.object({}))),
  /** The signed-in operator, or errcode 401 when the console is not signed in. */
  getOperatorMe: post('/online/admin/api/me', z.object({ reqseq }), errcodeReply(operatorProfile)),
  changeOperatorPassword: post('/online/admin/api/changePassword', z.object({ reqseq, current: password, next: password }), errcodeReply(operatorProfile)),
  /** Binds the WeChat this browser is signed in with (the citizen session) to the signed-in operator. */
  bindOperatorWechat: post('/online/admin/api/bindWechat', z.object({ reqseq }), errcodeReply(operatorProfile)),
  unbindOperatorWechat: post('/online/admin/api/unbindWechat', z.object({ reqseq }), errcodeReply(operatorProfile)),
  listOperators: post('/online/admin/api/operators/list', z.object({ reqseq }), errcodeReply(z.object({ items: z.array(operatorAccount) }))),
  createOperator: post(
    '/online/admin/api/operators/create',
    z.object({ reqseq, username: plainText(64), displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), password }),
    errcodeReply(operatorAccount),
  ),
  updateOperator: post(
    '/online/admin/api/operators/update',
    z.object({ reqseq, id: operatorId, displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), disabled: z.boolean() }),
    errcodeReply(operatorAccount),
  ),
  /** Sets a new password that must be changed at the next sign-in, and lifts a lock-out. */
  resetOperatorPassword: post('/online/admin/api/operators/resetPassword', z.object({ reqseq, id: operatorId, password }), errcodeReply(operatorAccount)),
  listAuditTrail: post(
    '/online/admin/api/audit/list',
    z.object({
      reqseq,
      page: z.number().int().min(1).max(100_000).default(1),
      operator: plainText(64).optional(),
      action: plainText(64).optional(),
      from: dateFilter.optional(),
      to: dateFilter.optional(),
    }),
    errcodeReply(z.object({ items: z.array(auditEntry), total: z.number(), pageSize: z.number() })),
  ),
} as const;
