import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfWorkerJob } from './pdf-worker-thread';
import type { SignatureLayout } from './signing/signature-layout';
import type { VerificationFailure, VerificationOutcome } from './verification/verdicts';

/** What the PDF worker does with a file the hall did not make. */
export type PdfTask =
  /**
   * Verify the signatures of the file at `path` (a private copy) against these roots; an OFD container
   * (a zip) is verified as one when `ofd` is set (HALL_VERIFY_OFD), else it is no PDF.
   */
  | { kind: 'verify'; path: string; trustRoots: Uint8Array[]; ofd: boolean }
  /** Read the whole file: it must be a PDF pdf-lib reads within the caps. */
  | { kind: 'read'; pdf: Uint8Array }
  /** Read it and lay out the hall's signature on it (signing/signature-layout.ts). */
  | { kind: 'layOutSignature'; pdf: Uint8Array; layout: SignatureLayout }
  /** Draw the pages of the OFD at `path` (a private copy) into a PDF (verification/ofd-pages.ts). */
  | { kind: 'drawOfdPages'; path: string };

/** Why the worker could not read a file. */
export type ReadFailure = { ok: false; failure: Extract<VerificationFailure, 'notPdf' | 'tooComplex' | 'timeout' | 'encrypted'>; detail?: string };

interface PdfTaskAnswers {
  verify: VerificationOutcome;
  read: { ok: true } | ReadFailure;
  layOutSignature: { ok: true; pdf: Uint8Array } | ReadFailure;
  /** The drawn pages, or why none were (no page could be drawn: 'notPdf'). */
  drawOfdPages: { ok: true; pdf: Uint8Array; pages: number } | ReadFailure;
}
export type PdfTaskAnswer = PdfTaskAnswers[PdfTask['kind']];

/** The caps of one task: HALL_VERIFY_TIMEOUT_MS, _MEMORY_MB, _STREAM_MAX_BYTES, _INFLATE_MAX_BYTES. */
export interface PdfWorkerLimits {
  timeoutMs: number;
  /** The worker's V8 heap (old generation). */
  memoryMb: number;
  maxStreamBytes: number;
  maxInflatedBytes: number;
}

/**
 * At most this many workers at once; the others wait their turn. Each may hold its heap and its
 * inflated bytes, so this bounds what hostile files together can take, and leaves the server's
 * own thread a core on a small machine.
 */
const RUNNING_AT_ONCE = 2;

/**
 * Where the worker's code is: beside this module once built (dist/pdf-worker.js, a tsup entry of its
 * own), or the TypeScript source under tsx/vitest, loaded through tsx's loader.
 */
function workerSource(): { source: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { source: new URL('./pdf-worker.js', here), eval: false };
  const entry = new URL('./pdf-worker-thread.ts', here).href;
  // tsx's ESM entry, found through its package.json (require.resolve would give the CommonJS one).
  const manifestPath = createRequire(here).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(join(dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
  return { source: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, eval: true };
}

/**
 * The one place the hall reads a PDF it did not make (signature verification, an operator's
 * answer, a downloadable form): each task in a worker thread of its own, never in the server's
 * event loop. The worker's heap is capped, pdf-lib's streams inflate within the caps
 * (verification/capped-decoding.ts), and a worker still running at the time limit is terminated:
 * over any cap the answer is a failure with its reason, never a stalled or swollen hall.
 */
export class PdfWorkers {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limits: PdfWorkerLimits) {}

  async run<K extends PdfTask['kind']>(task: Extract<PdfTask, { kind: K }>): Promise<PdfTaskAnswers[K]> {
    // A finished task hands its place straight to the next in line, so no newcomer slips in between.
    if (this.running >= RUNNING_AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return (await this.runWorker({ task, maxStreamBytes: this.limits.maxStreamBytes, maxInflatedBytes: this.limits.maxInflatedBytes })) as PdfTaskAnswers[K];
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private runWorker(job: PdfWorkerJob): Promise<PdfTaskAnswer> {
    const { source, eval: isEval } = workerSource();
    return new Promise((resolve) => {
      const worker = new Worker(source, {
        eval: isEval,
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      let settled = false;
      const finish = (answer: PdfTaskAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(answer);
      };
      const timer = setTimeout(() => finish({ ok: false, failure: 'timeout' }), this.limits.timeoutMs);
      worker.on('message', (answer: PdfTaskAnswer) => finish(answer));
      worker.on('error', (error: Error & { code?: string }) => finish({ ok: false, failure: 'tooComplex', detail: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : error.message }));
      worker.on('exit', () => finish({ ok: false, failure: 'tooComplex', detail: 'worker ended without an answer' }));
    });
  }
}
