import { FULFILMENT_KINDS } from '@hall/api/internal';
import { QUERY_STATE_NOT_FOUND, queryRecordStateText } from '@hall/domain';
import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { HallContext } from '../../../context';
import type { Transaction } from '../../../db/client';
import { queryRecords } from '../../../db/schema';
import { maskIdNumber, PROOF_SIGNING_REASONS, PROOF_TITLES, renderCertificateProof, type ProofKind } from '../../../documents/certificate-proof';
import { startPeriodicJob, type PeriodicJob } from '../../../lib/periodic-job';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { ARCHIVE_KIND, resolveArchiveRecord } from '../archive/archive-queries';
import { PROPERTY_KIND, resolvePropertyRecord } from '../archive/property-queries';
import type { QueryRecordRow } from '../records/query-records';
import { describeFailure, nextTryAfter, retryScheduleOf } from './registry-retry';
import { resolveVerificationRecord } from '../signatures/signature-verification';
import { recordStoredFile } from '../../storage/stored-files';
import type { RegistryCertificate } from '../../../adapters/registry/registry';
import { notifyCitizen } from '../../notifications/outbox';
import { queryAnsweredNotice } from '../../notifications/notices';

export const FOUND_MESSAGE = '查询成功';
/** A verification the hall could not finish within the retry window (no operator answers those). */
export const FAILED_MESSAGE = '查询失败，请重新查询';

/**
 * The two queues of pending records, each worked by a loop of its own: certificate, licence, archive
 * and property queries are answered in moments from the registry; verifications parse untrusted
 * uploads in a worker for up to the verifier's time limit, so they never hold the queries up.
 */
export const QUEUES = {
  documents: ['zs', 'dzzz', ARCHIVE_KIND, PROPERTY_KIND],
  verification: ['verify'],
} as const;
export type QueueName = keyof typeof QUEUES;

export interface ResolverLog {
  error(details: object, message: string): void;
}
const silent: ResolverLog = { error: () => {} };

/** What resolving a record sets on its row. */
export interface Outcome {
  state: number;
  stateMsg: string;
  result?: Record<string, unknown>;
  fileId?: string;
}

/**
 * Stores a signed document as the record citizen's file; the storage key goes to `created` so the
 * caller removes the file if its transaction rolls back. Answers the stored file's id.
 */
export async function storeRecordDocument(hall: HallContext, tx: Transaction, row: QueryRecordRow, document: { pdf: Uint8Array; fileName: string }, created: string[]): Promise<string> {
  const saved = await hall.files.save(Readable.from([document.pdf]));
  created.push(saved.key);
  const file = await recordStoredFile(tx, { openid: row.openid, storageKey: saved.key, originalName: document.fileName, mime: 'application/pdf', size: saved.size });
  return file.id;
}

/** The result lines of a found certificate or licence, the ID number masked. */
function certificateResult(certificate: RegistryCertificate): Record<string, unknown> {
  return {
    qzh: certificate.qzh,
    bdcdyh: certificate.bdcdyh,
    qlr: certificate.ownerName,
    zjh: maskIdNumber(certificate.ownerIdcard),
    zl: certificate.zl,
    yt: certificate.yt,
    mj: certificate.mj,
    xzqdm: certificate.xzqdm,
    ...certificate.extra,
  };
}

/** A found zs or dzzz record: the hall's proof of the certificate, rendered, signed and stored. */
export async function certificateProofOutcome(hall: HallContext, tx: Transaction, row: QueryRecordRow, certificate: RegistryCertificate, created: string[]): Promise<Outcome> {
  const kind = row.kind as ProofKind;
  const proof = await renderCertificateProof({ kind, certificate, recordId: String(row.id), queriedAt: formatShanghaiDateTime(row.createdAt) });
  const pdf = await hall.documentSigner.sign(proof, { reason: PROOF_SIGNING_REASONS[kind] });
  const fileId = await storeRecordDocument(hall, tx, row, { pdf, fileName: `${PROOF_TITLES[kind]}-${row.id}.pdf` }, created);
  return { state: 20, stateMsg: FOUND_MESSAGE, fileId, result: certificateResult(certificate) };
}

async function resolveCertificate(hall: HallContext, tx: Transaction, row: QueryRecordRow, created: string[]): Promise<Outcome> {
  const params = row.params;
  const lookup = { name: params.username ?? '', idcard: params.zjh ?? '', qzh: params.qzh ?? '', xzqdm: params.xzqdm ?? '' };
  const certificate = row.kind === 'dzzz' ? await hall.certificateRegistry.findLicence(lookup) : await hall.certificateRegistry.findCertificate(lookup);
  if (!certificate) return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: queryRecordStateText(QUERY_STATE_NOT_FOUND) };
  return certificateProofOutcome(hall, tx, row, certificate, created);
}

/** The kinds of a queue this hall can answer: without a registry the queries wait for an operator, only verifications run. */
function resolvableKinds(hall: HallContext, queue: QueueName): string[] {
  return queue === 'documents' && !hall.certificateRegistry.answers ? [] : [...QUEUES[queue]];
}

/**
 * Claims the oldest pending record that is due (next_attempt_at passed) and no other process holds
 * (FOR UPDATE SKIP LOCKED), and keeps its row lock until the outcome is written: either the answer,
 * or, after a failed try, the try counted with its error and the next try's time (registry-retry.ts).
 * The try runs in a savepoint, so a failure undoes its writes but not the claim: no other process
 * takes the record between the failure and its new next_attempt_at. A crash midway leaves it pending
 * and due for the next pass. Answers the claimed id and whether it was answered, or null when nothing is due.
 */
async function resolveNext(hall: HallContext, queue: QueueName, skip: number[], log: ResolverLog): Promise<{ id: number; ok: boolean } | null> {
  const kinds = resolvableKinds(hall, queue);
  if (!kinds.length) return null;
  const schedule = retryScheduleOf(hall.env);
  const created: string[] = [];
  let answered = false;
  let claimed: QueryRecordRow | undefined;
  try {
    await hall.db.transaction(async (tx) => {
      [claimed] = await tx
        .select()
        .from(queryRecords)
        .where(and(inArray(queryRecords.state, [0, 10]), inArray(queryRecords.kind, kinds), lte(queryRecords.nextAttemptAt, sql`now()`), skip.length ? notInArray(queryRecords.id, skip) : undefined))
        .orderBy(asc(queryRecords.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claimed) return;
      const row = claimed;
      try {
        await tx.transaction(async (attempt) => {
          const outcome: Outcome =
            row.kind === 'verify'
              ? await resolveVerificationRecord(hall, attempt, row, created)
              : row.kind === ARCHIVE_KIND
                ? await resolveArchiveRecord(hall, row)
                : row.kind === PROPERTY_KIND
                  ? await resolvePropertyRecord(hall, row)
                  : await resolveCertificate(hall, attempt, row, created);
          await attempt
            .update(queryRecords)
            .set({ ...outcome, attempts: row.attempts + 1, resolvedAt: new Date(), nextAttemptAt: null })
            .where(eq(queryRecords.id, row.id));
          await notifyCitizen(attempt, queryAnsweredNotice(row, outcome.state !== Number(QUERY_STATE_NOT_FOUND)));
        });
        answered = true;
      } catch (error) {
        // Nothing of a failed try stays: the savepoint rolled back, and its files go too.
        for (const key of created.splice(0)) await hall.files.remove(key).catch(() => {});
        log.error({ err: error, recordId: row.id }, 'query record could not be resolved');
        const now = new Date();
        const next = nextTryAfter(schedule, { askedAt: row.createdAt, failures: row.attempts + 1, now });
        // A verification past the window is closed: no operator answers those, so it would wait for nobody.
        const closed = next === null && !(FULFILMENT_KINDS as readonly string[]).includes(row.kind);
        await tx
          .update(queryRecords)
          .set({
            attempts: row.attempts + 1,
            lastAttemptAt: now,
            lastError: describeFailure(error),
            nextAttemptAt: next,
            ...(closed ? { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: FAILED_MESSAGE, resolvedAt: now } : {}),
          })
          .where(eq(queryRecords.id, row.id));
      }
    });
  } catch (error) {
    // The claim's own transaction failed (the database): nothing of it stays, its files neither.
    for (const key of created) await hall.files.remove(key).catch(() => {});
    throw error;
  }
  return claimed ? { id: claimed.id, ok: answered } : null;
}

/**
 * One pass over the pending records of a queue (both, documents first, when none is named): each is
 * resolved to 20 (found, with its document; verified, with its report) or 21 (not found, or not
 * verifiable). Several processes may run passes at once; each record goes to exactly one. A record
 * whose try fails stays pending and is tried again later (registry-retry.ts). Answers how many
 * records were resolved.
 */
export async function resolvePendingRecords(hall: HallContext, options: { limit?: number; log?: ResolverLog; queue?: QueueName } = {}): Promise<number> {
  if (!options.queue) {
    return (await resolvePendingRecords(hall, { ...options, queue: 'documents' })) + (await resolvePendingRecords(hall, { ...options, queue: 'verification' }));
  }
  const limit = options.limit ?? 100;
  const log = options.log ?? silent;
  const failed: number[] = [];
  let resolved = 0;
  while (resolved + failed.length < limit) {
    const next = await resolveNext(hall, options.queue, failed, log);
    if (!next) break;
    if (next.ok) resolved += 1;
    else failed.push(next.id);
  }
  return resolved;
}

export interface QueryResolverLoop {
  /** Runs a pass of a queue (of both when none is named) soon, e.g. right after a query was submitted. */
  wake(queue?: QueueName): void;
  /** Stops the loop and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

/** One queue's loop: a pass at start, then one every intervalMs, and one soon after a wake. */
function startQueueLoop(hall: HallContext, queue: QueueName, options: { intervalMs: number; log: ResolverLog }): PeriodicJob {
  const { log } = options;
  const job = `query_resolver_${queue}`;
  hall.metrics.jobStarted(job);
  return startPeriodicJob({
    run: () => hall.metrics.jobPass(job, () => resolvePendingRecords(hall, { log, queue })),
    onError: (error) => log.error({ err: error, queue }, 'query resolver pass failed'),
    intervalMs: options.intervalMs,
    // A process that runs the resolver stays up until the app closes and stops it.
    keepAlive: true,
  });
}

/**
 * The background resolver: one loop per queue (QUEUES), each with a pass at start (which picks up
 * records a previous run left pending), then one every intervalMs. Nothing is kept between passes
 * but the timers: the pending records are in the database, shared with every other process.
 */
export function startQueryResolver(hall: HallContext, options: { intervalMs: number; log?: ResolverLog }): QueryResolverLoop {
  const log = options.log ?? silent;
  const loops = { documents: startQueueLoop(hall, 'documents', { intervalMs: options.intervalMs, log }), verification: startQueueLoop(hall, 'verification', { intervalMs: options.intervalMs, log }) };
  return {
    wake(queue?: QueueName) {
      if (queue) loops[queue].wake();
      else for (const loop of Object.values(loops)) loop.wake();
    },
    async stop() {
      await Promise.all(Object.values(loops).map((loop) => loop.stop()));
    },
  };
}

export interface QueueBacklog {
  queue: QueueName;
  /** Records in progress (state 0 or 10): waiting for the resolver, a retry, or an operator. */
  pending: number;
  /** Age in seconds of the oldest of them (0 when none). */
  oldestSeconds: number;
}

/** The backlog of each queue, from the pending records' partial index (query_records_pending_idx). */
export async function queueBacklogs(db: HallContext['db']): Promise<QueueBacklog[]> {
  const rows = await db
    .select({ kind: queryRecords.kind, pending: sql<number>`count(*)::int`, oldest: sql<number>`coalesce(extract(epoch from now() - min(${queryRecords.createdAt})), 0)::float8` })
    .from(queryRecords)
    .where(inArray(queryRecords.state, [0, 10]))
    .groupBy(queryRecords.kind);
  return (Object.keys(QUEUES) as QueueName[]).map((queue) => {
    const kinds: readonly string[] = QUEUES[queue];
    const mine = rows.filter((row) => kinds.includes(row.kind));
    return { queue, pending: mine.reduce((sum, row) => sum + row.pending, 0), oldestSeconds: Math.max(0, ...mine.map((row) => row.oldest)) };
  });
}
