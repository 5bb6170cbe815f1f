import type { FulfilmentItem } from '@hall/api/browser';

/**
 * What 查询办理 says of the registry's tries of a pending query: how many failed and when last, the
 * last error, and whether the hall asks again (the retry rule of packages/api's fulfilment calls).
 * Nothing when the registry never failed it.
 */
export function registryTryFields(item: Pick<FulfilmentItem, 'attempts' | 'lastError' | 'lastTriedAt' | 'nextTryAt'>): Array<[string, string]> {
  if (item.attempts === 0) return [];
  return [
    ['登记系统查询', `已查询${item.attempts}次未成功${item.lastTriedAt ? `，最近一次${item.lastTriedAt}` : ''}`],
    ...(item.lastError ? [['最近错误', item.lastError] as [string, string]] : []),
    ['自动重试', item.nextTryAt ? `下次${item.nextTryAt}，也可现在人工答复` : '已停止，请人工答复'],
  ];
}
