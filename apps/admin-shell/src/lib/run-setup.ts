import { errcodeOk, replyMessage } from '@hall/api/browser';
import { NETWORK_ERROR } from '@hall/app';
import { showAlert, showConfirm, showSuccess } from '@hall/ui';

const FAILED = '操作失败，请稍后重试';

/**
 * Runs one setup call: 已保存/已删除 when done (answers the reply's data), else the hall's refusal in
 * words in a dialog (answers null). A removal asks first.
 */
export async function runSetup<T>(call: () => Promise<{ errcode: string; errmsg?: string; data?: T }>, confirm?: string): Promise<T | null> {
  if (confirm && !(await showConfirm(confirm))) return null;
  const reply = await call().catch(() => null);
  if (reply && errcodeOk(reply) && reply.data !== undefined) {
    showSuccess(reply.errmsg || '已保存');
    return reply.data;
  }
  await showAlert(reply ? replyMessage(reply, FAILED) : NETWORK_ERROR, { title: '未能完成', confirmText: '知道了' });
  return null;
}
