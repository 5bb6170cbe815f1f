import type { AUDIT_TRAIL_SORTS, AuditEntry, ListOrder } from '@hall/api/internal';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditTrail, operatorAccounts } from '../../db/schema';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { listOrderBy } from '../../lib/list-order';

type Executor = Pick<Database, 'insert'>;

/** Who did it and from where: the signed-in operator of the request, or the name typed at a failed sign-in. */
export interface AuditActor {
  operatorId: number | null;
  operatorName: string;
  ip: string;
}

/**
 * A signed-in operator acting: the trail names the account (what 操作日志 searches and an administrator
 * recognises), while what the change itself records for others to read (who marked an arrival, who
 * answered a follow-up) names the person, as 账号管理 gives their 姓名.
 */
export interface OperatorActor extends AuditActor {
  displayName: string;
}

export interface AuditRecord {
  /** What was done, e.g. review.reject, feedback.reply, operator.create, signIn.password. */
  action: string;
  /** What it was done to, e.g. application:123. */
  target?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one entry to the audit trail. Called in the same transaction as the change it records
 * (pass the transaction), so a change and its entry land together or not at all.
 */
export async function recordAudit(executor: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await executor.insert(auditTrail).values({
    operatorId: actor.operatorId,
    operatorName: actor.operatorName.slice(0, 64),
    ip: actor.ip,
    action: record.action,
    target: record.target ?? '',
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export interface AuditFilter {
  page: number;
  pageSize: number;
  /** Part of the operator's name. */
  operator?: string;
  /** An action or the start of one (review. finds every review decision). */
  action?: string;
  /** Dates (Asia/Shanghai), from inclusive, to inclusive. */
  from?: string;
  to?: string;
  /** The column sorted, else newest first. */
  sort?: (typeof AUDIT_TRAIL_SORTS)[number] | undefined;
  order?: ListOrder | undefined;
}

const shanghaiDay = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;

/** A page of the trail, newest first or by the column sorted, with the number of entries the filter matches. */
export async function listAuditTrail(db: Database, filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.operator?.trim()) conditions.push(sql`strpos(lower(${auditTrail.operatorName}), lower(${filter.operator.trim()})) > 0`);
  if (filter.action?.trim()) conditions.push(sql`starts_with(${auditTrail.action}, ${filter.action.trim()})`);
  if (filter.from) conditions.push(gte(auditTrail.at, shanghaiDay(filter.from)));
  if (filter.to) conditions.push(lt(auditTrail.at, sql`${shanghaiDay(filter.to)} + interval '1 day'`));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditTrail)
    .where(where)
    .orderBy(
      ...listOrderBy(
        filter.sort,
        filter.order,
        { at: auditTrail.at, operatorName: auditTrail.operatorName, action: auditTrail.action },
        [desc(auditTrail.at), desc(auditTrail.id)],
        [desc(auditTrail.at), desc(auditTrail.id)],
      ),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(auditTrail).where(where);
  return {
    total: total!.n,
    items: rows.map((row) => ({
      id: row.id,
      at: formatShanghaiDateTime(row.at),
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      ip: row.ip,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
  };
}

/** The entries about one target, oldest first (an application's review history, a feedback's replies). */
export async function auditOf(db: Database, target: string): Promise<(typeof auditTrail.$inferSelect)[]> {
  return db.select().from(auditTrail).where(eq(auditTrail.target, target)).orderBy(auditTrail.at, auditTrail.id);
}

/**
 * The person behind an entry, for a screen that says who did it (回复人): the account's 姓名 as 账号管理
 * has it, else (the account removed, a sign-in attempt) the name the entry was written with.
 */
export async function actorNameOf(db: Pick<Database, 'select'>, entry: { operatorId: number | null; operatorName: string }): Promise<string> {
  if (entry.operatorId === null) return entry.operatorName;
  const [account] = await db.select({ displayName: operatorAccounts.displayName }).from(operatorAccounts).where(eq(operatorAccounts.id, entry.operatorId));
  return account?.displayName || entry.operatorName;
}
