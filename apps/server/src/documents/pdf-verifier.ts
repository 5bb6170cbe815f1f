import { createRequire } from 'node:module';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { VerificationJob } from './verification/verification-worker';
import type { VerificationOutcome } from './verification/verdicts';

export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** What verifying a file gave: the outcome, and the file's SHA-256 (null when it was not read). */
export interface VerifiedFile {
  outcome: VerificationOutcome;
  sha256: string | null;
}

/** Checks an uploaded PDF; `open` gives the file's content as a stream. */
export interface PdfVerifier {
  verify(open: () => Promise<Readable>, size: number): Promise<VerifiedFile>;
}

export interface VerifierLimits {
  /** Files larger than this are not parsed at all. */
  maxFileBytes: number;
  timeoutMs: number;
  /** The worker's V8 heap (old generation). */
  memoryMb: number;
  maxStreamBytes: number;
  maxInflatedBytes: number;
}

/**
 * Where the worker's code is: beside this module once built (dist/verification-worker.js, a tsup
 * entry of its own), or the TypeScript source under tsx/vitest, loaded through tsx's loader.
 */
function workerSource(): { source: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { source: new URL('./verification-worker.js', here), eval: false };
  const entry = new URL('./verification/verification-worker.ts', here).href;
  // tsx's ESM entry, found through its package.json (require.resolve would give the CommonJS one).
  const manifestPath = createRequire(here).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
  return { source: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, eval: true };
}

/**
 * Verifies uploaded PDFs cryptographically (documents/verification/), each in a worker thread of its
 * own, never in the server's event loop: the worker's heap is capped, streams inflate within the caps,
 * and a worker still running at the time limit is terminated. Over any cap the outcome is a failure
 * with its reason, never a stalled hall.
 */
export class WorkerPdfVerifier implements PdfVerifier {
  constructor(
    private readonly trustRoots: Buffer[],
    private readonly limits: VerifierLimits,
  ) {}

  async verify(open: () => Promise<Readable>, size: number): Promise<VerifiedFile> {
    if (size > this.limits.maxFileBytes) return { outcome: { ok: false, failure: 'tooLarge' }, sha256: null };
    const dir = await mkdtemp(join(tmpdir(), 'hall-verify-'));
    try {
      const path = join(dir, 'upload.pdf');
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      // A private copy for the worker, whatever the storage is; the digest goes into the report.
      await pipeline(await open(), hashing, createWriteStream(path, { mode: 0o600 }));
      const sha256 = hash.digest('hex');
      const outcome = await this.runWorker({
        path,
        trustRoots: this.trustRoots,
        maxStreamBytes: this.limits.maxStreamBytes,
        maxInflatedBytes: this.limits.maxInflatedBytes,
      });
      return { outcome, sha256 };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private runWorker(job: VerificationJob): Promise<VerificationOutcome> {
    const { source, eval: isEval } = workerSource();
    return new Promise((resolve) => {
      const worker = new Worker(source, {
        eval: isEval,
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      let settled = false;
      const finish = (outcome: VerificationOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ ok: false, failure: 'timeout' }), this.limits.timeoutMs);
      worker.on('message', (outcome: VerificationOutcome) => finish(outcome));
      worker.on('error', (error: Error & { code?: string }) => finish({ ok: false, failure: 'tooComplex', detail: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : error.message }));
      worker.on('exit', () => finish({ ok: false, failure: 'tooComplex', detail: 'worker ended without an answer' }));
    });
  }
}
