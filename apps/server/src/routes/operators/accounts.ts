import { AUDIT_PAGE_SIZE, contract } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { auditActor } from '../../plugins/operator-session';
import { createOperatorAccount, listOperatorAccounts, resetOperatorPassword, toOperatorAccount, unbindOperatorWechatOf, updateOperatorAccount } from '../../services/operators/accounts';
import { listAuditTrail } from '../../services/operators/audit';

const ADMINISTRATOR = { role: 'admin' } as const;

/** The 系统管理员's screens: operator accounts and the audit trail. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.listOperators, { auth: 'operator', operator: ADMINISTRATOR }, async () => ({ errcode: '00', data: { items: await listOperatorAccounts(db) } }));

  registerCall(app, contract.createOperator, { auth: 'operator', operator: ADMINISTRATOR }, async (request) => {
    const row = await createOperatorAccount(db, auditActor(request), request.body);
    return { errcode: '00', errmsg: '账号已创建', data: toOperatorAccount(row) };
  });

  registerCall(app, contract.updateOperator, { auth: 'operator', operator: ADMINISTRATOR }, async (request) => {
    const row = await updateOperatorAccount(db, auditActor(request), request.body);
    return { errcode: '00', errmsg: '已保存', data: toOperatorAccount(row) };
  });

  registerCall(app, contract.resetOperatorPassword, { auth: 'operator', operator: ADMINISTRATOR }, async (request) => {
    const row = await resetOperatorPassword(db, auditActor(request), request.body.id, request.body.password);
    return { errcode: '00', errmsg: '密码已重置，微信绑定已解除，请告知本人在72小时内登录并修改密码', data: toOperatorAccount(row) };
  });

  registerCall(app, contract.unbindOperatorWechatOf, { auth: 'operator', operator: ADMINISTRATOR }, async (request) => {
    const row = await unbindOperatorWechatOf(db, auditActor(request), request.body.id);
    return { errcode: '00', errmsg: '已解除微信绑定', data: toOperatorAccount(row) };
  });

  registerCall(app, contract.listAuditTrail, { auth: 'operator', operator: ADMINISTRATOR }, async (request) => {
    const pageSize = request.body.pageSize ?? AUDIT_PAGE_SIZE;
    const { items, total } = await listAuditTrail(db, { ...request.body, pageSize });
    return { errcode: '00', data: { items, total, pageSize } };
  });
}
