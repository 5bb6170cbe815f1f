import type { PdfWorkers } from './pdf-worker';
import type { DocumentSigner, SignOptions } from './signing/pdf-signer';

/**
 * PDFs uploaded to the hall that it did not make — an operator's answer to a query, a downloadable
 * form — are read only in the PDF worker (pdf-worker.ts), with the verifier's caps of time, heap and
 * inflated bytes; the server's own thread never parses them. A file the worker cannot read within
 * the caps is answered as null: the caller refuses it with its own message.
 */
export class ForeignPdfs {
  constructor(
    private readonly workers: PdfWorkers,
    private readonly signer: DocumentSigner,
  ) {}

  /** Whether the file is a PDF that reads whole (every object, every object stream) within the caps. */
  async readable(pdf: Uint8Array): Promise<boolean> {
    return (await this.workers.run({ kind: 'read', pdf })).ok;
  }

  /**
   * The file signed by the hall: the worker lays the signature out on it, this process (which alone
   * holds the key) signs the laid-out bytes. Null when the file cannot be read within the caps, or is
   * encrypted, has no page, or already holds the signature's placeholder text.
   */
  async sign(pdf: Uint8Array, options: SignOptions): Promise<Buffer | null> {
    const layout = await this.signer.layout(options);
    const answer = await this.workers.run({ kind: 'layOutSignature', pdf, layout });
    if (!answer.ok) return null;
    return this.signer.signLaidOut(Buffer.from(answer.pdf), layout).catch(() => null);
  }
}
