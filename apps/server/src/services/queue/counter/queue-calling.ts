import type { QueueBoard, QueueBoardNumber, QueueCallState, QueueDisplayCall } from '@hall/api';
import { QUEUE_ORDER_STATES, isWithinQueueHours, validateQueueWindow } from '@hall/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { queueCompanies, queueConfigs, queueGroups, queueOrders } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { QUEUE_CHANNEL, type QueueChange } from './queue-live';
import { notifyCitizen } from '../../notifications/outbox';
import { queueCalledNotice } from '../../notifications/notices';

/**
 * The counter's day (窗口人员): a group's numbers of today, called to a window in time order.
 * Calling next takes the first waiting number with FOR UPDATE SKIP LOCKED inside one UPDATE, so two
 * counters calling at the same moment always get different numbers. Every call, recall, skip and
 * finish is audited and announced (pg_notify, delivered when the transaction commits).
 */

type OrderRow = typeof queueOrders.$inferSelect;

export const CALLING_MESSAGES = {
  groupUnknown: '该业务不存在，请刷新页面后重新选择',
  noneWaiting: '该业务今天已没有等待的号',
  numberUnknown: '该号码不存在或不是今天的号，请刷新列表',
  notCalled: '该号码当前不在叫号中，请刷新列表后再操作',
  notAtWindow: '该号码不在叫号中或已结束办理，请刷新列表后再操作',
  notRecallable: '只有已叫或已过号的号码可以重呼，请刷新列表',
  outsideHours: (strtime: string, endtime: string) => `现在不在本大厅的办理时间（${strtime}-${endtime}），不能叫号，请在办理时间内叫号`,
} as const;

function timeOfDay(at: Date | null): string {
  return at ? new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(at) : '';
}

function toBoardNumber(row: OrderRow): QueueBoardNumber {
  return { id: String(row.id), number: row.number, resTime: row.resTime, callState: row.callState as QueueCallState, callWindow: row.callWindow, calledAt: timeOfDay(row.calledAt) };
}

function checkedWindow(window: number): number {
  const invalid = validateQueueWindow(window);
  if (invalid) throw badRequest(invalid);
  return window;
}

/** Numbers are called only within the hall's hours of the day (its queue configuration's strtime to endtime). */
async function checkHallOpen(db: Pick<Database, 'select'>, companyId: string, now: Date): Promise<void> {
  const [config] = await db.select({ strtime: queueConfigs.strtime, endtime: queueConfigs.endtime }).from(queueConfigs).where(eq(queueConfigs.companyId, companyId));
  if (!config || !isWithinQueueHours(config, now)) throw conflict(CALLING_MESSAGES.outsideHours(config?.strtime ?? '', config?.endtime ?? ''));
}

async function announce(tx: Transaction, row: OrderRow): Promise<void> {
  const change: QueueChange = { companyId: row.companyId, orderId: row.id };
  await tx.execute(sql`SELECT pg_notify(${QUEUE_CHANNEL}, ${JSON.stringify(change)})`);
}

async function audited(tx: Transaction, actor: AuditActor, action: string, before: Pick<OrderRow, 'callState' | 'callWindow'> | null, row: OrderRow): Promise<QueueBoardNumber> {
  await recordAudit(tx, actor, {
    action,
    target: `queueOrder:${row.id}`,
    before: before ? { number: row.number, callState: before.callState, callWindow: before.callWindow } : { number: row.number, callState: 'waiting' },
    after: { number: row.number, callState: row.callState, callWindow: row.callWindow },
  });
  await announce(tx, row);
  return toBoardNumber(row);
}

/** Today's numbers of a group (valid ones), in the order they are called, with the count of each state. */
export async function readBoard(db: Database, groupId: string, now = new Date()): Promise<QueueBoard> {
  const [group] = await db.select().from(queueGroups).where(eq(queueGroups.id, groupId));
  if (!group) throw notFound(CALLING_MESSAGES.groupUnknown);
  const day = formatShanghaiDate(now);
  const rows = await db
    .select()
    .from(queueOrders)
    .where(and(eq(queueOrders.groupId, group.id), eq(queueOrders.resDay, day), eq(queueOrders.state, QUEUE_ORDER_STATES.valid)))
    .orderBy(asc(queueOrders.resTime), asc(queueOrders.id));
  const counts = { waiting: 0, called: 0, serving: 0, skipped: 0, done: 0 };
  for (const row of rows) counts[row.callState as QueueCallState] += 1;
  return { day, comID: group.companyId, groupId: group.id, counts, numbers: rows.map(toBoardNumber) };
}

/** Calls the group's first waiting number of today to the window. */
export async function callNext(db: Database, actor: AuditActor, groupId: string, window: number, now = new Date()): Promise<QueueBoardNumber> {
  const windowNumber = checkedWindow(window);
  const [group] = await db.select({ id: queueGroups.id, companyId: queueGroups.companyId }).from(queueGroups).where(eq(queueGroups.id, groupId));
  if (!group) throw notFound(CALLING_MESSAGES.groupUnknown);
  await checkHallOpen(db, group.companyId, now);
  const day = formatShanghaiDate(now);
  return db.transaction(async (tx) => {
    // A number another counter is calling right now is locked: skipped, never handed out twice.
    const [next] = await tx
      .select({ id: queueOrders.id })
      .from(queueOrders)
      .where(and(eq(queueOrders.groupId, group.id), eq(queueOrders.resDay, day), eq(queueOrders.state, QUEUE_ORDER_STATES.valid), eq(queueOrders.callState, 'waiting')))
      .orderBy(asc(queueOrders.resTime), asc(queueOrders.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = next ? await tx.update(queueOrders).set({ callState: 'called', callWindow: windowNumber, calledAt: now }).where(eq(queueOrders.id, next.id)).returning() : [];
    if (!row) throw conflict(CALLING_MESSAGES.noneWaiting);
    await notifyCitizen(tx, queueCalledNotice({ id: row.id, openid: row.openid, number: row.number, window: windowNumber, calledAt: now }));
    return audited(tx, actor, 'queue.call', null, row);
  });
}

/** Changes one of today's valid numbers from one of the states to another, or says why not. */
async function move(
  db: Database,
  actor: AuditActor,
  id: number,
  change: { from: QueueCallState[]; to: QueueCallState; window?: number; action: string; refused: string },
  now: Date,
): Promise<QueueBoardNumber> {
  const day = formatShanghaiDate(now);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(queueOrders)
      .where(and(eq(queueOrders.id, id), eq(queueOrders.resDay, day), eq(queueOrders.state, QUEUE_ORDER_STATES.valid)))
      .for('update');
    if (!before) throw notFound(CALLING_MESSAGES.numberUnknown);
    if (!change.from.includes(before.callState as QueueCallState)) throw conflict(change.refused);
    // Calling (a recall) waits for the hall's hours; skipping and finishing a number already called do not.
    if (change.window !== undefined) await checkHallOpen(tx, before.companyId, now);
    const [row] = await tx
      .update(queueOrders)
      .set(change.window === undefined ? { callState: change.to } : { callState: change.to, callWindow: change.window, calledAt: now })
      .where(and(eq(queueOrders.id, before.id), inArray(queueOrders.callState, change.from)))
      .returning();
    if (change.window !== undefined) await notifyCitizen(tx, queueCalledNotice({ id: row!.id, openid: row!.openid, number: row!.number, window: change.window, calledAt: now }));
    return audited(tx, actor, change.action, before, row!);
  });
}

/** Calls a called or skipped number again, to this window (a latecomer after 已过号 comes back this way). */
export function recall(db: Database, actor: AuditActor, id: number, window: number, now = new Date()) {
  return move(db, actor, id, { from: ['called', 'skipped'], to: 'called', window: checkedWindow(window), action: 'queue.recall', refused: CALLING_MESSAGES.notRecallable }, now);
}

export function skip(db: Database, actor: AuditActor, id: number, now = new Date()) {
  return move(db, actor, id, { from: ['called'], to: 'skipped', action: 'queue.skip', refused: CALLING_MESSAGES.notCalled }, now);
}

/** The citizen called has come to the window: 办理中 until finished. */
export function serve(db: Database, actor: AuditActor, id: number, now = new Date()) {
  return move(db, actor, id, { from: ['called'], to: 'serving', action: 'queue.serve', refused: CALLING_MESSAGES.notCalled }, now);
}

export function finish(db: Database, actor: AuditActor, id: number, now = new Date()) {
  return move(db, actor, id, { from: ['called', 'serving'], to: 'done', action: 'queue.finish', refused: CALLING_MESSAGES.notAtWindow }, now);
}

/** What the hall's display shows: the hall's name and its numbers being called today, the latest call first. */
export async function readDisplay(db: Database, hallId: string, now = new Date()): Promise<{ hall: string; calls: QueueDisplayCall[] } | null> {
  const [hall] = await db.select({ name: queueCompanies.name }).from(queueCompanies).where(eq(queueCompanies.id, hallId));
  if (!hall) return null;
  const rows = await db
    .select({ number: queueOrders.number, groupName: queueGroups.name, callWindow: queueOrders.callWindow, calledAt: queueOrders.calledAt })
    .from(queueOrders)
    .innerJoin(queueGroups, eq(queueGroups.id, queueOrders.groupId))
    .where(and(eq(queueOrders.companyId, hallId), eq(queueOrders.resDay, formatShanghaiDate(now)), eq(queueOrders.state, QUEUE_ORDER_STATES.valid), eq(queueOrders.callState, 'called')))
    .orderBy(desc(queueOrders.calledAt), desc(queueOrders.id))
    .limit(10);
  return { hall: hall.name, calls: rows.map((row) => ({ number: row.number, groupName: row.groupName, callWindow: row.callWindow ?? 0, calledAt: timeOfDay(row.calledAt) })) };
}

/** Whether the order belongs to the citizen: their stream passes on only their own numbers' changes. */
export async function isOwnOrder(db: Database, openid: string, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: queueOrders.id })
    .from(queueOrders)
    .where(and(eq(queueOrders.id, orderId), eq(queueOrders.openid, openid)));
  return Boolean(row);
}
