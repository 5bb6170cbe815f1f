import { OPERATOR_PASSWORD_MAX_LENGTH, OPERATOR_ROLE_CODES } from '@hall/domain';
import { z } from 'zod';
import { defineCall } from '../define-call';
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
  operatorSignIn: defineCall({
    method: 'POST',
    path: '/online/admin/api/signIn',
    body: z.object({ reqseq, username: plainText(64), password }),
    reply: errcodeReply(operatorProfile),
  }),
  operatorSignOut: defineCall({
    method: 'POST',
    path: '/online/admin/api/signOut',
    body: z.object({ reqseq }),
    reply: errcodeReply(z.object({})),
  }),
  /** The signed-in operator, or errcode 401 when the console is not signed in. */
  getOperatorMe: defineCall({
    method: 'POST',
    path: '/online/admin/api/me',
    body: z.object({ reqseq }),
    reply: errcodeReply(operatorProfile),
  }),
  changeOperatorPassword: defineCall({
    method: 'POST',
    path: '/online/admin/api/changePassword',
    body: z.object({ reqseq, current: password, next: password }),
    reply: errcodeReply(operatorProfile),
  }),
  /** Binds the WeChat this browser is signed in with (the citizen session) to the signed-in operator. */
  bindOperatorWechat: defineCall({
    method: 'POST',
    path: '/online/admin/api/bindWechat',
    body: z.object({ reqseq }),
    reply: errcodeReply(operatorProfile),
  }),
  unbindOperatorWechat: defineCall({
    method: 'POST',
    path: '/online/admin/api/unbindWechat',
    body: z.object({ reqseq }),
    reply: errcodeReply(operatorProfile),
  }),
  listOperators: defineCall({
    method: 'POST',
    path: '/online/admin/api/operators/list',
    body: z.object({ reqseq }),
    reply: errcodeReply(z.object({ items: z.array(operatorAccount) })),
  }),
  createOperator: defineCall({
    method: 'POST',
    path: '/online/admin/api/operators/create',
    body: z.object({ reqseq, username: plainText(64), displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), password }),
    reply: errcodeReply(operatorAccount),
  }),
  updateOperator: defineCall({
    method: 'POST',
    path: '/online/admin/api/operators/update',
    body: z.object({ reqseq, id: operatorId, displayName: plainText(40), roles: z.array(operatorRole).max(OPERATOR_ROLE_CODES.length), disabled: z.boolean() }),
    reply: errcodeReply(operatorAccount),
  }),
  /** Sets a new password that must be changed at the next sign-in, and lifts a lock-out. */
  resetOperatorPassword: defineCall({
    method: 'POST',
    path: '/online/admin/api/operators/resetPassword',
    body: z.object({ reqseq, id: operatorId, password }),
    reply: errcodeReply(operatorAccount),
  }),
  listAuditTrail: defineCall({
    method: 'POST',
    path: '/online/admin/api/audit/list',
    body: z.object({
      reqseq,
      page: z.number().int().min(1).max(100_000).default(1),
      operator: plainText(64).optional(),
      action: plainText(64).optional(),
      from: dateFilter.optional(),
      to: dateFilter.optional(),
    }),
    reply: errcodeReply(z.object({ items: z.array(auditEntry), total: z.number(), pageSize: z.number() })),
  }),
} as const;
