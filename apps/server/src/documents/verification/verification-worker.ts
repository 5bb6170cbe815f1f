import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { DecompressionCapError, installCappedDecoding } from './capped-decoding';
import type { VerificationOutcome } from './verdicts';
import { verifyPdf } from './verify-pdf';

/** What the server hands the worker: one file on disk and the public certificates to trust. */
export interface VerificationJob {
  path: string;
  trustRoots: Uint8Array[];
  maxStreamBytes: number;
  maxInflatedBytes: number;
}

/**
 * The verification worker: one uploaded PDF, read and checked in a thread of its own whose heap the
 * server caps (resourceLimits) and which it terminates at the time limit. Streams inflate within the
 * caps given. Answers one VerificationOutcome and ends.
 */
async function run(job: VerificationJob): Promise<VerificationOutcome> {
  // pdf-lib warns on every odd object; a hostile file would fill the log.
  console.warn = () => {};
  console.log = () => {};
  const decoding = installCappedDecoding({ perStream: job.maxStreamBytes, perFile: job.maxInflatedBytes });
  const bytes = await readFile(job.path);
  try {
    return await verifyPdf(
      bytes,
      job.trustRoots.map((der) => Buffer.from(der)),
      decoding,
    );
  } catch (error) {
    if (error instanceof DecompressionCapError || decoding.exceeded) return { ok: false, failure: 'tooComplex' };
    if (error instanceof RangeError) return { ok: false, failure: 'tooComplex', detail: error.message };
    return { ok: false, failure: 'notPdf', detail: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort && workerData) {
  const port = parentPort;
  run(workerData as VerificationJob).then(
    (outcome) => port.postMessage(outcome),
    (error: unknown) => port.postMessage({ ok: false, failure: 'notPdf', detail: error instanceof Error ? error.message : String(error) } satisfies VerificationOutcome),
  );
}
