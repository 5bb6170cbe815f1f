import type { OperatorRole } from '@hall/domain';
import { hashPassword } from '../lib/password';
import { operatorAccounts, users } from '../db/schema';
import type { Transaction } from '../db/client';

/** The demo's one password, printed at start: demo accounts exist only in demo mode. */
export const DEMO_OPERATOR_PASSWORD = 'demo2026hall';

/** The WeChat test user the demo's 审核员 is bound to, so the console also opens through the WeChat simulator. */
export const DEMO_OPERATOR_WECHAT = { openid: 'operator-demo', nickname: '大厅管理员', name: '李审核' };

/** One demo account per role (docs/architecture.md §6). */
export const DEMO_OPERATORS: readonly { username: string; displayName: string; role: OperatorRole; wechatOpenid?: string }[] = [
  { username: 'admin', displayName: '王管理', role: 'admin' },
  { username: 'reviewer', displayName: '李审核', role: 'reviewer', wechatOpenid: DEMO_OPERATOR_WECHAT.openid },
  { username: 'counter', displayName: '张窗口', role: 'counter' },
  { username: 'content', displayName: '赵内容', role: 'content' },
];

export async function seedDemoOperators(tx: Transaction): Promise<void> {
  await tx.insert(users).values({ openid: DEMO_OPERATOR_WECHAT.openid, nickname: DEMO_OPERATOR_WECHAT.nickname, name: DEMO_OPERATOR_WECHAT.name }).onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  await tx
    .insert(operatorAccounts)
    .values(DEMO_OPERATORS.map((o) => ({ username: o.username, displayName: o.displayName, roles: [o.role], passwordHash, mustChangePassword: false, wechatOpenid: o.wechatOpenid ?? null })))
    .onConflictDoNothing();
}
