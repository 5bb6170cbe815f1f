import { errcodeOk, replyMessage } from '@hall/api/browser';
import { submitWithFeedback } from '@hall/app';
import { showConfirm, showSuccess } from '@hall/ui';

const FAILED = '操作失败，请稍后重试';

/** The refusal's dialog of the setup and content screens. */
export const REFUSAL_DIALOG = { title: '未能完成', confirmText: '知道了' };

/**
 * Runs one setup call: 已保存/已删除 when done (answers the reply's data), else the hall's refusal in
 * words in a dialog (answers null). A removal asks first.
 */
export async function runSetup<T>(call: () => Promise<{ errcode: string; errmsg?: string; data?: T }>, confirm?: string): Promise<T | null> {
  if (confirm && !(await showConfirm(confirm))) return null;
  let data: T | null = null;
  const done = await submitWithFeedback(
    async () => {
      const reply = await call();
      if (!errcodeOk(reply) || reply.data === undefined) return replyMessage(reply, FAILED);
      showSuccess(reply.errmsg || '已保存');
      data = reply.data;
      return null;
    },
    { alert: REFUSAL_DIALOG },
  );
  return done ? data : null;
}
