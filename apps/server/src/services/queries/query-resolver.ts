import { QUERY_STATE_NOT_FOUND, queryRecordStateText } from '@hall/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { HallContext } from '../../context';
import type { Database } from '../../db/client';
import { queryRecords } from '../../db/schema';
import { maskIdNumber, PROOF_SIGNING_REASONS, PROOF_TITLES, renderCertificateProof, type ProofKind } from '../../documents/certificate-proof';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { ARCHIVE_KIND, resolveArchiveRecord } from '../archive/archive-queries';
import { PROPERTY_KIND, resolvePropertyRecord } from '../archive/property-queries';
import type { QueryRecordRow } from './query-records';
import { resolveVerificationRecord } from './signature-verification';
import { recordStoredFile } from '../storage/stored-files';
import type { RegistryCertificate } from '../../adapters/registry/registry';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A record that failed this many times is closed as failed instead of tried forever. */
export const MAX_RESOLVE_ATTEMPTS = 5;
export const FOUND_MESSAGE = '查询成功';
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
 * Claims the oldest pending record no other process holds (FOR UPDATE SKIP LOCKED), resolves it and
 * writes the outcome in the same transaction, so a crash midway leaves it pending for the next pass.
 * Answers the claimed id and whether it succeeded, or null when nothing is pending.
 */
async function resolveNext(hall: HallContext, queue: QueueName, skip: number[], log: ResolverLog): Promise<{ id: number; ok: boolean } | null> {
  const kinds = resolvableKinds(hall, queue);
  if (!kinds.length) return null;
  const created: string[] = [];
  let claimed: QueryRecordRow | undefined;
  try {
    await hall.db.transaction(async (tx) => {
      [claimed] = await tx
        .select()
        .from(queryRecords)
        .where(and(inArray(queryRecords.state, [0, 10]), inArray(queryRecords.kind, kinds), skip.length ? notInArray(queryRecords.id, skip) : undefined))
        .orderBy(asc(queryRecords.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claimed) return;
      const outcome: Outcome =
        claimed.kind === 'verify'
          ? await resolveVerificationRecord(hall, tx, claimed, created)
          : claimed.kind === ARCHIVE_KIND
            ? await resolveArchiveRecord(hall, claimed)
            : claimed.kind === PROPERTY_KIND
              ? await resolvePropertyRecord(hall, claimed)
              : await resolveCertificate(hall, tx, claimed, created);
      await tx
        .update(queryRecords)
        .set({ ...outcome, attempts: claimed.attempts + 1, resolvedAt: new Date() })
        .where(eq(queryRecords.id, claimed.id));
    });
  } catch (error) {
    // Nothing of a failed attempt stays: the transaction rolled back, and its files go too.
    for (const key of created) await hall.files.remove(key).catch(() => {});
    if (!claimed) throw error;
    log.error({ err: error, recordId: claimed.id }, 'query record could not be resolved');
    await hall.db
      .update(queryRecords)
      .set({
        attempts: sql`${queryRecords.attempts} + 1`,
        state: sql`CASE WHEN ${queryRecords.attempts} + 1 >= ${MAX_RESOLVE_ATTEMPTS} THEN ${Number(QUERY_STATE_NOT_FOUND)} ELSE ${queryRecords.state} END`,
        stateMsg: sql`CASE WHEN ${queryRecords.attempts} + 1 >= ${MAX_RESOLVE_ATTEMPTS} THEN ${FAILED_MESSAGE} ELSE ${queryRecords.stateMsg} END`,
        resolvedAt: sql`CASE WHEN ${queryRecords.attempts} + 1 >= ${MAX_RESOLVE_ATTEMPTS} THEN now() ELSE ${queryRecords.resolvedAt} END`,
      })
      .where(and(eq(queryRecords.id, claimed.id), inArray(queryRecords.state, [0, 10])));
    return { id: claimed.id, ok: false };
  }
  return claimed ? { id: claimed.id, ok: true } : null;
}

/**
 * One pass over the pending records of a queue (both, documents first, when none is named): each is
 * resolved to 20 (found, with its document; verified, with its report) or 21 (not found, or not
 * verifiable). Several processes may run passes at once; each record goes to exactly one. A record
 * that fails is left for a later pass (at most MAX_RESOLVE_ATTEMPTS times). Answers how many
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
  return startPeriodicJob({
    run: () => resolvePendingRecords(hall, { log, queue }),
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
