import { NETWORK_ERROR } from '@hall/app';
import { Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';

/**
 * The actions of a content list (order, remove, switch): one at a time, the hall's refusal in a
 * dialog that says what to do, success in a toast, and the list reloaded either way.
 */
export function useListActions(reload: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  async function act(step: () => Promise<string | null>, done: string) {
    setBusy(true);
    const refused = await step().catch(() => NETWORK_ERROR);
    setBusy(false);
    if (refused) await Dialog.alert({ title: '未能完成', content: refused, confirmText: '知道了' });
    else Toast.show({ icon: 'success', content: done });
    await reload();
  }
  async function confirmRemove(name: string, remove: () => Promise<string | null>) {
    if (!(await Dialog.confirm({ content: `删除后不能恢复，确定删除“${name}”吗？`, confirmText: '删除', cancelText: '取消' }))) return;
    await act(remove, '已删除');
  }
  return { busy, act, confirmRemove };
}
