import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';

/** A signature as the document presents it: a signature field with a value. */
export interface SignatureField {
  field: string;
  /** The signature dictionary's object, when it is an indirect object (it should be). */
  ref: PDFRef | null;
  byteRange: number[] | null;
  contents: Uint8Array | null;
  reason: string;
  /** The signature dictionary's /M, null when absent or unreadable. */
  claimedTime: Date | null;
  subFilter: string;
}

const MAX_FIELDS = 2000;

function text(object: PDFObject | undefined): string {
  if (object instanceof PDFString || object instanceof PDFHexString) {
    try {
      return object.decodeText().slice(0, 200);
    } catch {
      return '';
    }
  }
  return '';
}

function dateOf(object: PDFObject | undefined): Date | null {
  if (!(object instanceof PDFString || object instanceof PDFHexString)) return null;
  try {
    const date = object.decodeDate();
    return Number.isNaN(date.getTime()) ? null : date;
  } catch {
    return null;
  }
}

/**
 * Every signed signature field of the document: the AcroForm's fields (with their kids) and, for
 * files without a proper AcroForm, the pages' signature widgets. A field without a value is not a
 * signature yet and is left out.
 */
export function findSignatureFields(doc: PDFDocument): SignatureField[] {
  const context = doc.context;
  const found: SignatureField[] = [];
  const seen = new Set<PDFObject>();
  let visited = 0;

  const visit = (fieldObject: PDFObject | undefined, inheritedType: string | undefined, parentName: string, depth: number) => {
    if (depth > 16 || visited > MAX_FIELDS) return;
    visited += 1;
    const field = fieldObject instanceof PDFRef ? context.lookup(fieldObject) : fieldObject;
    if (!(field instanceof PDFDict) || seen.has(field)) return;
    seen.add(field);
    const type = field.lookup(PDFName.of('FT'));
    const fieldType = type instanceof PDFName ? type.decodeText() : inheritedType;
    const partial = text(field.lookup(PDFName.of('T')));
    const fullName = [parentName, partial].filter(Boolean).join('.');
    const valueObject = field.get(PDFName.of('V'));
    const value = valueObject instanceof PDFRef ? context.lookup(valueObject) : valueObject;
    if (fieldType === 'Sig' && value instanceof PDFDict && !seen.has(value)) {
      seen.add(value);
      found.push(signatureOf(fullName || `签名${found.length + 1}`, valueObject instanceof PDFRef ? valueObject : null, value));
    }
    const kids = field.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) visit(kid, fieldType, fullName, depth + 1);
  };

  const form = doc.catalog.lookup(PDFName.of('AcroForm'));
  const fields = form instanceof PDFDict ? form.lookup(PDFName.of('Fields')) : undefined;
  if (fields instanceof PDFArray) for (const field of fields.asArray()) visit(field, undefined, '', 0);
  for (const page of doc.getPages()) {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (annots instanceof PDFArray) for (const annot of annots.asArray()) visit(annot, undefined, '', 0);
  }
  return found;
}

function signatureOf(field: string, ref: PDFRef | null, dict: PDFDict): SignatureField {
  const range = dict.lookup(PDFName.of('ByteRange'));
  const numbers = range instanceof PDFArray ? range.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN)) : null;
  const contents = dict.lookup(PDFName.of('Contents'));
  const subFilter = dict.lookup(PDFName.of('SubFilter'));
  return {
    field,
    ref,
    byteRange: numbers,
    contents: contents instanceof PDFHexString || contents instanceof PDFString ? contents.asBytes() : null,
    reason: text(dict.lookup(PDFName.of('Reason'))),
    claimedTime: dateOf(dict.lookup(PDFName.of('M'))),
    subFilter: subFilter instanceof PDFName ? subFilter.decodeText() : '',
  };
}

const HEX = /^[0-9A-Fa-f]*$/;

/**
 * Checks that a signature's ByteRange is what a genuine signature has: it starts at 0, its gap is
 * exactly this signature's /Contents hex string (inside this signature's own object), and it ends
 * at the end of a revision (%%EOF). Signature-wrapping attacks move /Contents or the ranges; they
 * fail here. Answers the end of the signed revision, or the problem in plain Chinese.
 */
export function checkByteRange(bytes: Buffer, signature: SignatureField): { signedEnd: number; gap: [number, number] } | { problem: string } {
  const range = signature.byteRange;
  if (!range || range.length !== 4 || range.some((n) => !Number.isSafeInteger(n) || n < 0)) return { problem: '签名的字节范围（ByteRange）格式不正确' };
  const [start, firstLength, second, secondLength] = range as [number, number, number, number];
  const signedEnd = second + secondLength;
  if (start !== 0 || firstLength <= 0 || second <= firstLength || signedEnd > bytes.length) return { problem: '签名的字节范围（ByteRange）与文件不符' };
  if (bytes[firstLength] !== 0x3c || bytes[second - 1] !== 0x3e) return { problem: '签名的字节范围没有准确排除签名值（疑似签名包装攻击）' };
  const hex = bytes.toString('latin1', firstLength + 1, second - 1);
  if (!HEX.test(hex) || hex.length % 2 !== 0) return { problem: '签名的字节范围没有准确排除签名值（疑似签名包装攻击）' };
  if (!signature.contents || !Buffer.from(hex, 'hex').equals(Buffer.from(signature.contents))) return { problem: '签名值不在字节范围留出的位置（疑似签名包装攻击）' };
  if (signature.ref) {
    // The gap must lie inside the signature's own object: its header is the last one before the gap.
    const window = bytes.toString('latin1', Math.max(0, firstLength - 65536), firstLength);
    const headers = [...window.matchAll(/(\d+)\s+(\d+)\s+obj\b/g)];
    const last = headers.at(-1);
    if (!last || Number(last[1]) !== signature.ref.objectNumber || window.slice(last.index! + last[0].length).includes('endobj')) {
      return { problem: '签名值不属于该签名（疑似签名包装攻击）' };
    }
  }
  const revisionTail = bytes.toString('latin1', Math.max(0, signedEnd - 64), signedEnd).trimEnd();
  if (!revisionTail.endsWith('%%EOF')) return { problem: '签名的字节范围没有在文件版本的结尾（%%EOF）处结束' };
  return { signedEnd, gap: [firstLength, second] };
}
