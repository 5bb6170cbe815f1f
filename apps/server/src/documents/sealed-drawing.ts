import { drawingToPdf, type Drawing, type TextMeasure } from './drawing';
import type { DocumentSigner } from './signing/pdf-signer';
import { STAMP_SIZE } from './signing/signature-stamp';

/**
 * A drawn document as a PDF the hall signs: the drawing's seal is left out and the signature's stamp
 * stands where it was drawn, so a reader sees one seal and it is the signature's.
 */
export async function signedDrawingPdf(drawing: Drawing, measure: TextMeasure, meta: { title: string; subject: string }, signer: DocumentSigner, reason: string): Promise<Buffer> {
  const pdf = await drawingToPdf({ ...drawing, ops: drawing.ops.filter((op) => !op.seal) }, measure, meta);
  const ring = drawing.ops.find((op) => op.seal && op.kind === 'ring');
  // The stamp's circle (STAMP_SIZE, centred 63 points under its top) over the seal's; PDF y runs upwards.
  const at = ring?.kind === 'ring' ? { x: ring.cx - STAMP_SIZE.width / 2, y: drawing.height - ring.cy - (STAMP_SIZE.height - STAMP_SIZE.width / 2) + 20 } : undefined;
  return signer.sign(pdf, { reason, at });
}
