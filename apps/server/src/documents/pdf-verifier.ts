import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PdfWorkers } from './pdf-worker';
import type { VerificationOutcome } from './verification/verdicts';

export const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** What verifying a file gave: the outcome, and the file's SHA-256 and SM3 (null when it was not read). */
export interface VerifiedFile {
  outcome: VerificationOutcome;
  sha256: string | null;
  sm3: string | null;
  /** An OFD's pages drawn as a PDF, where any could be drawn; shown after the report. */
  pages?: Uint8Array;
}

/** Checks an uploaded PDF (or OFD, where the hall takes them); `open` gives the file's content as a stream. */
export interface PdfVerifier {
  verify(open: () => Promise<Readable>, size: number): Promise<VerifiedFile>;
}

/**
 * Verifies uploaded PDFs cryptographically (documents/verification/) in the PDF worker (pdf-worker.ts),
 * never in the server's event loop; files over `maxFileBytes` are not parsed at all.
 */
export class WorkerPdfVerifier implements PdfVerifier {
  constructor(
    private readonly trustRoots: Buffer[],
    private readonly workers: PdfWorkers,
    private readonly maxFileBytes: number,
    /** HALL_VERIFY_OFD: OFD e-licences are verified too. */
    private readonly ofd = false,
  ) {}

  async verify(open: () => Promise<Readable>, size: number): Promise<VerifiedFile> {
    if (size > this.maxFileBytes) return { outcome: { ok: false, failure: 'tooLarge' }, sha256: null, sm3: null };
    const dir = await mkdtemp(join(tmpdir(), 'hall-verify-'));
    try {
      const path = join(dir, 'upload');
      const [sha256, sm3] = [createHash('sha256'), createHash('sm3')];
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sha256.update(chunk);
          sm3.update(chunk);
          callback(null, chunk);
        },
      });
      // A private copy for the worker, whatever the storage is; the digests go into the report.
      await pipeline(await open(), hashing, createWriteStream(path, { mode: 0o600 }));
      const digests = { sha256: sha256.digest('hex'), sm3: sm3.digest('hex') };
      const outcome = await this.workers.run({ kind: 'verify', path, trustRoots: this.trustRoots, ofd: this.ofd });
      if (!outcome.ok || outcome.verification.document?.format !== 'OFD') return { outcome, ...digests };
      // Drawn in a task of its own: a page that swamps the worker costs the pictures, never the verdict.
      const drawn = await this.workers.run({ kind: 'drawOfdPages', path });
      return { outcome, ...digests, ...(drawn.ok ? { pages: drawn.pdf } : {}) };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
