import { CONTENT_LINK_INVALID, CONTENT_ORDER_STALE } from '@hall/api/internal';
import type { Transaction } from '../../../db/client';
import { badRequest, conflict } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../operators/audit';

/** A trimmed text field: required (when a message is given) and at most `max` characters. */
export function checkedText(value: string, rule: { max: number; required?: string; tooLong: string }): string {
  const text = value.trim();
  if (!text && rule.required) throw badRequest(rule.required);
  if (Array.from(text).length > rule.max) throw badRequest(rule.tooLong);
  return text;
}

/** An app route ('/news', not '//host') or an http(s) address; '' when there is none. */
export function isAppRoute(link: string): boolean {
  return /^\/(?!\/)[\w\-./?=&%#~]*$/.test(link);
}

export function isWebAddress(link: string): boolean {
  return /^https?:\/\/[^\s<>"']+$/i.test(link);
}

export function checkedLink(value: string): string {
  const link = value.trim();
  if (link && !isAppRoute(link) && !isWebAddress(link)) throw badRequest(CONTENT_LINK_INVALID);
  return link;
}

/**
 * A list's new order. The rows come locked, in their current order; `ids` must name each of them
 * exactly once, so an order made before someone added or removed an item is refused, not half applied.
 */
export async function reorder(
  tx: Transaction,
  actor: AuditActor,
  list: { rows: { id: string }[]; ids: string[]; target: string; write: (id: string, sort: number) => Promise<unknown> },
): Promise<void> {
  const current = list.rows.map((row) => row.id);
  const same = list.ids.length === current.length && new Set(list.ids).size === list.ids.length && list.ids.every((id) => current.includes(id));
  if (!same) throw conflict(CONTENT_ORDER_STALE);
  for (const [index, id] of list.ids.entries()) await list.write(id, index + 1);
  await recordAudit(tx, actor, { action: 'content.order', target: list.target, before: { order: current }, after: { order: list.ids } });
}
