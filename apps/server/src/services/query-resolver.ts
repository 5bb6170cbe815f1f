import { QUERY_STATE_NOT_FOUND, queryRecordStateText } from '@hall/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { HallContext } from '../context';
import type { Database } from '../db/client';
import { queryRecords, storedFiles } from '../db/schema';
import { maskIdNumber, PROOF_TITLES, renderCertificateProof, type ProofKind } from '../documents/certificate-proof';
import { formatShanghaiDateTime } from '../lib/shanghai-time';
import { ARCHIVE_KIND, resolveArchiveRecord } from './archive-queries';
import { PROPERTY_KIND, resolvePropertyRecord } from './property-queries';
import { RECORD_KINDS, type QueryRecordRow } from './query-records';
import { recordStoredFile } from './stored-files';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A record that failed this many times is closed as failed instead of tried forever. */
export const MAX_RESOLVE_ATTEMPTS = 5;
export const FOUND_MESSAGE = '查询成功';
export const FAILED_MESSAGE = '查询失败，请重新查询';
export const FILE_MISSING_MESSAGE = '上传的文件已不存在，请重新上传';

export interface ResolverLog {
  error(details: object, message: string): void;
}
const silent: ResolverLog = { error: () => {} };

/** What resolving a record sets on its row. */
interface Outcome {
  state: number;
  stateMsg: string;
  result?: Record<string, unknown>;
  fileId?: string;
}

async function resolveCertificate(hall: HallContext, tx: Transaction, row: QueryRecordRow, created: string[]): Promise<Outcome> {
  const params = row.params;
  const certificate = await hall.certificateRegistry.lookupCertificate({
    name: params.username ?? '',
    idcard: params.zjh ?? '',
    qzh: params.qzh ?? '',
    xzqdm: params.xzqdm ?? '',
  });
  if (!certificate) return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: queryRecordStateText(QUERY_STATE_NOT_FOUND) };
  const kind = row.kind as ProofKind;
  const pdf = await renderCertificateProof({ kind, certificate, recordId: String(row.id), queriedAt: formatShanghaiDateTime(row.createdAt) });
  const saved = await hall.files.save(Readable.from([Buffer.from(pdf)]));
  created.push(saved.key);
  const file = await recordStoredFile(tx, {
    openid: row.openid,
    storageKey: saved.key,
    originalName: `${PROOF_TITLES[kind]}-${row.id}.pdf`,
    mime: 'application/pdf',
    size: saved.size,
  });
  return {
    state: 20,
    stateMsg: FOUND_MESSAGE,
    fileId: file.id,
    result: {
      qzh: certificate.qzh,
      bdcdyh: certificate.bdcdyh,
      qlr: certificate.ownerName,
      zjh: maskIdNumber(certificate.ownerIdcard),
      zl: certificate.zl,
      yt: certificate.yt,
      mj: certificate.mj,
      xzqdm: certificate.xzqdm,
      ...certificate.extra,
    },
  };
}

async function resolveVerification(hall: HallContext, tx: Transaction, row: QueryRecordRow): Promise<Outcome> {
  const [file] = row.fileId ? await tx.select().from(storedFiles).where(and(eq(storedFiles.id, row.fileId), eq(storedFiles.openid, row.openid))) : [];
  if (!file) return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: FILE_MISSING_MESSAGE };
  const verification = await hall.pdfVerifier.verify(() => hall.files.open(file.storageKey), file.size);
  return { state: 20, stateMsg: verification.message, result: { ...verification } };
}

/** The kinds this hall can answer: without a registry only the verifications, the rest wait for an operator. */
function resolvableKinds(hall: HallContext): string[] {
  return hall.certificateRegistry.answers ? [...RECORD_KINDS, ARCHIVE_KIND, PROPERTY_KIND] : ['verify'];
}

/**
 * Claims the oldest pending record no other process holds (FOR UPDATE SKIP LOCKED), resolves it and
 * writes the outcome in the same transaction, so a crash midway leaves it pending for the next pass.
 * Answers the claimed id and whether it succeeded, or null when nothing is pending.
 */
async function resolveNext(hall: HallContext, skip: number[], log: ResolverLog): Promise<{ id: number; ok: boolean } | null> {
  const created: string[] = [];
  let claimed: QueryRecordRow | undefined;
  try {
    await hall.db.transaction(async (tx) => {
      [claimed] = await tx
        .select()
        .from(queryRecords)
        .where(and(inArray(queryRecords.state, [0, 10]), inArray(queryRecords.kind, resolvableKinds(hall)), skip.length ? notInArray(queryRecords.id, skip) : undefined))
        .orderBy(asc(queryRecords.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!claimed) return;
      const outcome: Outcome =
        claimed.kind === 'verify'
          ? await resolveVerification(hall, tx, claimed)
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
 * One pass over the pending certificate, licence, verification, archive and property records: each is resolved to
 * 20 (found, with its document) or 21 (not found). Several processes may run passes at once; each
 * record goes to exactly one. A record that fails is left for a later pass (at most
 * MAX_RESOLVE_ATTEMPTS times). Answers how many records were resolved.
 */
export async function resolvePendingRecords(hall: HallContext, options: { limit?: number; log?: ResolverLog } = {}): Promise<number> {
  const limit = options.limit ?? 100;
  const log = options.log ?? silent;
  const failed: number[] = [];
  let resolved = 0;
  while (resolved + failed.length < limit) {
    const next = await resolveNext(hall, failed, log);
    if (!next) break;
    if (next.ok) resolved += 1;
    else failed.push(next.id);
  }
  return resolved;
}

export interface QueryResolverLoop {
  /** Runs a pass soon, e.g. right after a query was submitted. */
  wake(): void;
  /** Stops the loop and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

/**
 * The background resolver: a pass at start (which picks up records a previous run left pending),
 * then one every intervalMs. Nothing is kept between passes but the timer: the pending records are
 * in the database, shared with every other process.
 */
export function startQueryResolver(hall: HallContext, options: { intervalMs: number; log?: ResolverLog }): QueryResolverLoop {
  const log = options.log ?? silent;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  };
  function tick(): void {
    if (stopped || running) return;
    running = resolvePendingRecords(hall, { log })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'query resolver pass failed'))
      .finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
  }

  schedule(0);
  return {
    wake() {
      if (!running) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
