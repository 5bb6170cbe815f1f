import {
  NO_DATA_MESSAGE,
  REVIEW_OPINION_MAX_LENGTH,
  REVIEW_OPINION_REQUIRED,
  REVIEW_OPINION_TOO_LONG,
  REVIEW_QUEUE_PAGE_MAX,
  reviewMaterialFilePath,
  type ReviewApplicationDetail,
  type ReviewQueue,
  type ReviewQueueItem,
} from '@hall/api/internal';
import {
  REGISTRATION_TYPES,
  REVIEW_STAGES,
  REVIEW_STAGE_LABELS,
  REVIEW_STATUS,
  bookingFlagAfterAcceptance,
  enumLabel,
  reviewStageOf,
  reviewStageStatus,
  reviewStatusLabel,
  reviewTransition,
  type ReviewDecision,
  type ReviewStage,
} from '@hall/domain';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { applicants, applications, businesses, registryCases, reviewDecisions, users } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { newAcceptanceNumber } from '../../../lib/acceptance-number';
import { parseRowId } from '../../../lib/row-id';
import { perDatabase, preparedStatement } from '../../../db/prepared-statement';
import { keptRead } from '../../../db/kept-read';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { describeApplication, type ApplicationRow } from '../applications';
import { findMaterialFile, materialsOf } from '../material-files';
import type { StoredFileRow } from '../../storage/stored-files';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { notifyCitizen } from '../../notifications/outbox';
import { reviewDecidedNotice } from '../../notifications/notices';

/** The registry case's first activity once the hall has accepted an application. */
export const ACCEPTED_ACTIVITY = '受理';

/** Why a decision at a stage cannot be made on an application at `shzt` any more: its status now. */
export function notAtStageMessage(stage: ReviewStage, shzt: number): string {
  const label = reviewStatusLabel(shzt);
  return `该申请${label ? `当前状态为「${label}」` : '已不在审核中'}，不在${REVIEW_STAGE_LABELS[stage]}阶段，请刷新后查看`;
}

/** A page of a queue: its number from 1, its size, and newest (desc) or oldest (asc, the default) submission first. */
export interface QueuePage {
  page?: number | undefined;
  pageSize?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** The review queues: the applications waiting at each stage (or the one named), oldest submission first (or newest), one page of each. */
export async function listReviewQueues(db: Database, only?: ReviewStage, paging: QueuePage = {}): Promise<ReviewQueue[]> {
  const stages = only ? [only] : REVIEW_STAGES;
  const page = { page: paging.page ?? 1, pageSize: Math.min(paging.pageSize ?? REVIEW_QUEUE_PAGE_MAX, REVIEW_QUEUE_PAGE_MAX), order: paging.order ?? 'asc' };
  const statuses = stages.map(reviewStageStatus);
  // The queues are counted beside their pages rather than after them: counting a short queue costs
  // next to nothing, and a long one's count no longer waits for its page.
  const [pages, totals] = await Promise.all([Promise.all(statuses.map((status) => waitingAt(db, status, page))), countWaitingAt(db, statuses)]);
  // A first page that is not full holds the whole queue: its total is what it holds, as read with it.
  const whole = (index: number) => page.page === 1 && pages[index]!.length < page.pageSize;
  return stages.map((stage, index) => {
    const status = statuses[index]!;
    return { stage, label: REVIEW_STAGE_LABELS[stage], status, total: whole(index) ? pages[index]!.length : (totals.get(status) ?? 0), items: pages[index]! };
  });
}

type QueueAsk = { stage: ReviewStage | undefined; paging: QueuePage };

/** At most this many pages are kept for one version of the queues (operators asking for many pages). */
const KEPT_PAGES_MAX = 20;

/**
 * The queues as the console asks for them: every operator's screen asks for the same first page again
 * and again, while the queues change only when an application enters, leaves or changes in one. So
 * this process keeps each page it read while the version of the queues stays (db/kept-read.ts,
 * review_queue: moved on at the commit of every change that the queues show, by any process, by the
 * triggers of the migrations). Who may read the queues is checked for each request before it asks.
 */
export const readReviewQueues = (db: Database, stage: ReviewStage | undefined, paging: QueuePage): Promise<ReviewQueue[]> => keptQueues(db)({ stage, paging });
const keptQueues = perDatabase((db) =>
  keptRead(db, 'review_queue', {
    load: ({ stage, paging }: QueueAsk) => listReviewQueues(db, stage, paging),
    keyOf: ({ stage, paging }) => `${stage ?? ''}|${paging.page ?? ''}|${paging.pageSize ?? ''}|${paging.order ?? ''}`,
    maxKeys: KEPT_PAGES_MAX,
  }),
);

/** The statement of a queue's page in one order; each order is prepared under a name of its own. */
const queuePageIn = (order: 'asc' | 'desc') =>
  preparedStatement((db) => {
    const by = order === 'asc' ? asc : desc;
    const pageIds = db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.shzt, sql.placeholder('shzt')))
      .orderBy(by(applications.submittedAt), by(applications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({ application: applications, businessName: businesses.prodefName, userName: users.name })
      .from(pageIds)
      .innerJoin(applications, eq(applications.id, pageIds.id))
      .innerJoin(businesses, eq(businesses.id, applications.prodefid))
      .leftJoin(users, eq(users.openid, applications.openid))
      .orderBy(by(applications.submittedAt), by(applications.id))
      .prepare(order === 'asc' ? 'hall_review_queue_page' : 'hall_review_queue_page_newest');
  });
const queuePage = { asc: queuePageIn('asc'), desc: queuePageIn('desc') };
const applicantNames = preparedStatement((db) =>
  db
    .select({ applicationId: applicants.applicationId, name: applicants.sqrName })
    .from(applicants)
    .where(sql`${applicants.applicationId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(applicants.id))
    .prepare('hall_review_queue_names'),
);
const waitingCounts = preparedStatement((db) =>
  db
    .select({ shzt: applications.shzt, total: count() })
    .from(applications)
    .where(sql`${applications.shzt} = any(${sql.placeholder('statuses')})`)
    .groupBy(applications.shzt)
    .prepare('hall_review_queue_counts'),
);

/**
 * One page of the applications at one status, oldest (or newest) submission first, with their business, filer and
 * applicants' names. The page's ids are read from the queue index alone (applications_review_queue_idx,
 * an index-only scan), so a later page skips the ones before it without reading their rows; only the
 * page's own rows are then fetched.
 */
async function waitingAt(db: Database, shzt: number, { page, pageSize, order }: Required<QueuePage>): Promise<ReviewQueueItem[]> {
  const rows = await queuePage[order](db).execute({ shzt, limit: pageSize, offset: (page - 1) * pageSize });
  const names = rows.length ? await applicantNames(db).execute({ ids: rows.map((row) => row.application.id) }) : [];
  const namesOf = new Map<number, string[]>();
  for (const entry of names) namesOf.set(entry.applicationId, [...(namesOf.get(entry.applicationId) ?? []), entry.name]);
  return rows.map(({ application, businessName, userName }) => toQueueItem(application, businessName, userName ?? '', namesOf.get(application.id) ?? []));
}

/** How many applications wait at each of the statuses, in one statement (an index-only count on applications_review_queue_idx). */
async function countWaitingAt(db: Database, statuses: number[]): Promise<Map<number, number>> {
  const rows = await waitingCounts(db).execute({ statuses });
  return new Map(rows.map((row) => [row.shzt, row.total]));
}

function toQueueItem(row: ApplicationRow, businessName: string, userName: string, applicantNames: string[]): ReviewQueueItem {
  return {
    id: String(row.id),
    name: row.name,
    business_name: businessName,
    prolsh: row.prolsh,
    slbh: row.slbh,
    djlx: row.djlx,
    djlx_name: enumLabel(REGISTRATION_TYPES, row.djlx) ?? '',
    qllx: row.qllx,
    areaname: row.areaname,
    xzqdm: row.xzqdm,
    shzt: row.shzt,
    tjsj: formatShanghaiDateTime(row.submittedAt),
    user_name: userName,
    sqr_names: applicantNames,
    pro_slxmsh: { sh_qjdc_yj: row.shQjdcYj, sh_xmsl_yj: row.shXmslYj },
  };
}

/** A submitted application; a draft is the citizen's own business and as absent as a missing one. */
async function findSubmittedApplication(db: Pick<Database, 'select'>, id: string | number): Promise<ApplicationRow | null> {
  const applicationId = parseRowId(id);
  if (applicationId === null) return null;
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), ne(applications.shzt, REVIEW_STATUS.notSubmitted)));
  return row ?? null;
}

/** getReviewApply: a submitted application in full, its pictures at the operators' address, and the stage it waits at. */
export async function readReviewApplication(db: Database, id: string | number): Promise<ReviewApplicationDetail> {
  const row = await findSubmittedApplication(db, id);
  if (!row) throw notFound(NO_DATA_MESSAGE);
  const [[owner], [business], list] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.openid, row.openid)),
    db.select({ name: businesses.prodefName }).from(businesses).where(eq(businesses.id, row.prodefid)),
    materialsOf(db, row.id, reviewMaterialFilePath),
  ]);
  const detail = await describeApplication(db, row, owner?.name ?? '');
  return { ...detail, business_name: business?.name ?? '', materials: list, stage: reviewStageOf(row.shzt) };
}

/**
 * reviewApply: one decision at one stage, by the domain's reviewTransition. The write is a conditional
 * UPDATE … WHERE shzt = the stage's status, so of two operators deciding at once exactly one changes the
 * row and the other is told where it stands now. Acceptance opens the registry case under the
 * application's acceptance number (given one if it has none) in the same transaction, so the progress
 * query knows the case from then on, and the case may be booked for a counter visit (kyy 1).
 */
export async function reviewApplication(
  db: Database,
  actor: AuditActor,
  input: { proinstid: string; stage: ReviewStage; decision: ReviewDecision; opinion?: string | undefined },
): Promise<{ shzt: number; prolsh: string | null }> {
  const from = reviewStageStatus(input.stage);
  const decided = reviewTransition(from, input.decision, input.opinion);
  if (!decided.ok) throw badRequest(decided.reason === 'opinionRequired' ? REVIEW_OPINION_REQUIRED : notAtStageMessage(input.stage, from));
  const { transition, opinion } = decided;
  if (opinion && opinion.text.length > REVIEW_OPINION_MAX_LENGTH) throw badRequest(REVIEW_OPINION_TOO_LONG);
  const applicationId = parseRowId(input.proinstid);
  if (applicationId === null) throw notFound(NO_DATA_MESSAGE);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(applications)
      .set({
        shzt: transition.to,
        ...(opinion?.field === 'sh_qjdc_yj' ? { shQjdcYj: opinion.text } : {}),
        ...(opinion?.field === 'sh_xmsl_yj' ? { shXmslYj: opinion.text } : {}),
        ...(transition.createsCaseNumber ? { prolsh: sql`coalesce(${applications.prolsh}, ${newAcceptanceNumber()})` } : {}),
      })
      .where(and(eq(applications.id, applicationId), eq(applications.shzt, from)))
      .returning();
    if (!updated) {
      const current = await findSubmittedApplication(tx, applicationId);
      if (!current) throw notFound(NO_DATA_MESSAGE);
      throw conflict(notAtStageMessage(input.stage, current.shzt));
    }
    await recordAudit(tx, actor, {
      action: `review.${input.decision}`,
      target: `application:${updated.id}`,
      before: { shzt: from },
      after: { shzt: updated.shzt, stage: input.stage, ...(opinion ? { [opinion.field]: opinion.text } : {}), ...(updated.prolsh ? { prolsh: updated.prolsh } : {}) },
    });
    // What the statistics page times: this decision against the submission it answered. A row at a
    // review stage was submitted; were the time ever missing, the decision is kept at about zero hours rather than lost.
    const submittedAt = updated.submittedAt ?? new Date();
    await tx.insert(reviewDecisions).values({
      applicationId: updated.id,
      stage: input.stage,
      decision: input.decision,
      opinion: opinion?.text ?? '',
      submittedAt,
      reviewSeconds: sql`greatest(0, round(date_part('epoch', now() - ${submittedAt})))::int`,
      xzqdm: updated.xzqdm,
    });
    await notifyCitizen(tx, reviewDecidedNotice(updated, input.stage, input.decision, opinion?.text ?? ''));
    if (!transition.createsCaseNumber) return { shzt: updated.shzt, prolsh: updated.prolsh };
    await openRegistryCase(tx, updated);
    // The row is this transaction's since the update: the accepted case may now be booked at the counter.
    await tx
      .update(applications)
      .set({ kyy: bookingFlagAfterAcceptance(updated.kyy) })
      .where(eq(applications.id, updated.id));
    return { shzt: updated.shzt, prolsh: updated.prolsh };
  });
}

type Writer = Pick<Database, 'insert' | 'select' | 'update'>;

/** The registry's case of an accepted application, under its acceptance number; accepted again after a rejection, it starts over. */
async function openRegistryCase(tx: Writer, row: ApplicationRow): Promise<void> {
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.openid, row.openid));
  const values = {
    serialNumber: row.prolsh!,
    name: [owner?.name, row.name].filter(Boolean).join(' '),
    processName: enumLabel(REGISTRATION_TYPES, row.djlx) ?? row.name,
    actStart: new Date(),
    activityName: ACCEPTED_ACTIVITY,
  };
  await tx
    .insert(registryCases)
    .values(values)
    .onConflictDoUpdate({ target: registryCases.serialNumber, set: { name: values.name, processName: values.processName, actStart: values.actStart, activityName: values.activityName } });
}

/** The stored file of an attachment of a submitted application, for operators. */
export async function findSubmittedMaterialFile(db: Database, storedFileId: string): Promise<StoredFileRow | null> {
  return findMaterialFile(db, storedFileId, ne(applications.shzt, REVIEW_STATUS.notSubmitted));
}
