import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { layOutSignature } from './signing/signature-layout';
import { DecompressionCapError, installCappedDecoding, type CappedDecoding } from './verification/capped-decoding';
import type { VerificationOutcome } from './verification/verdicts';
import { ZIP_MAGIC } from './verification/ofd-package';
import { drawOfdPages } from './verification/ofd-pages';
import { verifyOfd } from './verification/verify-ofd';
import { verifyPdf } from './verification/verify-pdf';
import type { PdfTask, PdfTaskAnswer, ReadFailure } from './pdf-worker';

/** A job of the PDF worker: one task and the decompression caps it runs under. */
export interface PdfWorkerJob {
  task: PdfTask;
  maxStreamBytes: number;
  maxInflatedBytes: number;
}

/** Why a file could not be read: over a cap, encrypted, or no PDF pdf-lib can read. */
function failureOf(error: unknown, decoding: CappedDecoding): ReadFailure {
  if (error instanceof DecompressionCapError || decoding.exceeded) return { ok: false, failure: 'tooComplex' };
  if (error instanceof RangeError) return { ok: false, failure: 'tooComplex', detail: error.message };
  if (error instanceof EncryptedPDFError) return { ok: false, failure: 'encrypted' };
  return { ok: false, failure: 'notPdf', detail: error instanceof Error ? error.message : String(error) };
}

/** A file the hall did not make, read whole (every object and object stream, the page tree) within the caps. */
async function load(bytes: Uint8Array, decoding: CappedDecoding, ignoreEncryption: boolean): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption, updateMetadata: false });
  // pdf-lib carries on past an object it could not decode; a file over the caps is refused all the same.
  if (decoding.exceeded) throw new DecompressionCapError(0);
  // pdf-lib also loads bytes with no catalog at all: a document is one with at least a page.
  if (doc.getPages().length === 0) throw new Error('the document has no page');
  return doc;
}

async function perform({ task, maxStreamBytes, maxInflatedBytes }: PdfWorkerJob, decoding: CappedDecoding): Promise<PdfTaskAnswer> {
  switch (task.kind) {
    case 'verify': {
      const bytes = await readFile(task.path);
      if (task.ofd && bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
        const roots = task.trustRoots.map((der) => Buffer.from(der));
        return verifyOfd(bytes, roots, { maxEntryBytes: maxStreamBytes, maxInflatedBytes });
      }
      return verifyPdf(
        bytes,
        task.trustRoots.map((der) => Buffer.from(der)),
        decoding,
      );
    }
    case 'read':
      await load(task.pdf, decoding, true);
      return { ok: true };
    case 'layOutSignature': {
      // Encrypted files are refused: pdf-lib would write them out with their strings unreadable.
      const laidOut = await layOutSignature(await load(task.pdf, decoding, false), task.layout);
      return { ok: true, pdf: laidOut };
    }
    case 'drawOfdPages': {
      const drawn = await drawOfdPages(await readFile(task.path), { maxEntryBytes: maxStreamBytes, maxInflatedBytes });
      return drawn ? { ok: true, ...drawn } : { ok: false, failure: 'notPdf', detail: 'no page could be drawn' };
    }
  }
}

/**
 * The PDF worker: one task on a file the hall did not make (verify its signatures, read it, lay out
 * the hall's signature on it), in a thread of its own whose heap the server caps (resourceLimits)
 * and which it terminates at the time limit. Streams inflate within the caps given. Answers once and ends.
 */
async function run(job: PdfWorkerJob): Promise<PdfTaskAnswer> {
  // pdf-lib warns on every odd object; a hostile file would fill the log.
  console.warn = () => {};
  console.log = () => {};
  const decoding = installCappedDecoding({ perStream: job.maxStreamBytes, perFile: job.maxInflatedBytes });
  try {
    const answer = await perform(job, decoding);
    if (decoding.exceeded && answer.ok) return { ok: false, failure: 'tooComplex' };
    return answer;
  } catch (error) {
    return failureOf(error, decoding);
  }
}

if (parentPort && workerData) {
  const port = parentPort;
  run(workerData as PdfWorkerJob).then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ ok: false, failure: 'notPdf', detail: error instanceof Error ? error.message : String(error) } satisfies VerificationOutcome),
  );
}
