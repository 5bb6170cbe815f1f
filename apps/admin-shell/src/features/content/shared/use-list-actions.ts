import { submitWithFeedback } from '@hall/app';
import { showConfirm, showSuccess } from '@hall/ui';
import { useState } from 'react';
import { moved, refusalOf } from './content-api';
import { REFUSAL_DIALOG } from '../../../lib/run-setup';
import { useConsoleRemote } from '../../../lib/use-console-remote';

type Reply = { errcode: string; errmsg?: string };

/**
 * The actions of a content list (order, remove, switch): one at a time, the hall's refusal in a
 * dialog that says what to do, success in a toast, and the list reloaded either way.
 */
export function useListActions(reload: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  async function act(step: () => Promise<string | null>, done: string) {
    setBusy(true);
    if (await submitWithFeedback(step, { onSettled: () => setBusy(false), alert: REFUSAL_DIALOG })) showSuccess(done);
    await reload();
  }
  async function confirmRemove(name: string, remove: () => Promise<string | null>) {
    if (!(await showConfirm(`删除后不能恢复，确定删除“${name}”吗？`, { confirmText: '删除' }))) return;
    await act(remove, '已删除');
  }
  /** Moves `id` a place up (-1) or down (+1) among `ids` and saves the new order; nothing at either end. */
  function reorder(ids: string[], id: string, step: -1 | 1, save: (ids: string[]) => Promise<Reply>) {
    const order = moved(ids, id, step);
    if (order) void act(async () => refusalOf(await save(order), '调整顺序失败，请稍后重试'), '顺序已保存');
  }
  /** Asks, then deletes the item called `name`. */
  function remove(name: string, send: () => Promise<Reply>) {
    return confirmRemove(name, async () => refusalOf(await send(), '删除失败，请稍后重试'));
  }
  return { busy, act, reorder, remove };
}

/**
 * A content screen's list: loaded on entry (a lost session ends quietly, the shell signs in again),
 * `items` once loaded and not reloading, and the list's actions.
 */
export function useContentList<T>(load: () => Promise<T>) {
  const loaded = useConsoleRemote(load, []);
  const items = (!loaded.loading && loaded.data) || null;
  return { loaded, items, ...useListActions(loaded.reload) };
}
