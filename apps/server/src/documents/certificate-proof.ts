import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { RegistryCertificate } from '../adapters/registry/certificates';

/** The two documents a found query produces (spec part 1 §4: state 20 opens the PDF). */
export const PROOF_TITLES = {
  zs: '不动产权属证明',
  dzzz: '电子证照',
} as const;
export type ProofKind = keyof typeof PROOF_TITLES;

/** Latin titles for the page while no CJK font is embedded. */
const LATIN_TITLES: Record<ProofKind, string> = {
  zs: 'Certificate of Real Estate Ownership',
  dzzz: 'Electronic Real Estate Licence',
};

/** 130402198503151231 → 130402********1231: enough to recognise, not enough to reuse. */
export function maskIdNumber(id: string): string {
  if (id.length <= 10) return id.replace(/.(?=.{2})/g, '*');
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

export interface ProofInput {
  kind: ProofKind;
  certificate: RegistryCertificate;
  /** The query number the document answers. */
  recordId: string;
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai. */
  queriedAt: string;
}

/** Each line of the proof: the Chinese label, a Latin label for the page, and the value. */
function proofLines(input: ProofInput): Array<{ label: string; latin: string; value: string }> {
  const { certificate } = input;
  return [
    { label: '不动产权证号', latin: 'Certificate No.', value: certificate.qzh },
    { label: '不动产单元号', latin: 'Unit No.', value: certificate.bdcdyh },
    { label: '权利人', latin: 'Owner', value: certificate.ownerName },
    { label: '证件号码', latin: 'ID No.', value: maskIdNumber(certificate.ownerIdcard) },
    { label: '坐落', latin: 'Location', value: certificate.zl },
    { label: '用途', latin: 'Use', value: certificate.yt },
    { label: '面积', latin: 'Area (m2)', value: certificate.mj },
    { label: '查询编号', latin: 'Query No.', value: input.recordId },
    { label: '查询时间', latin: 'Query time', value: input.queriedAt },
  ];
}

/**
 * What the page can show with the standard font (WinAnsi): printable ASCII as is, every other run
 * of characters as one "?" — the full Chinese text is in the document's properties.
 */
function latinText(value: string): string {
  return value.replace(/[^\x20-\x7e]+/g, '?');
}

/**
 * A certificate-proof PDF made with pdf-lib. The hall has no CJK font to embed yet, so the page is
 * written with the standard Helvetica font in Latin labels, and the complete Chinese text (title,
 * every label and value) goes into the document's Title, Subject and Keywords, where PDF readers and
 * text extraction find it. Embedding a CJK font later changes only how the page is drawn.
 */
export async function renderCertificateProof(input: ProofInput): Promise<Uint8Array> {
  const title = PROOF_TITLES[input.kind];
  const lines = proofLines(input);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setSubject(lines.map((line) => `${line.label}：${line.value}`).join('；'));
  doc.setKeywords(lines.map((line) => `${line.label}：${line.value}`));
  doc.setAuthor('不动产登记中心');
  doc.setCreator('不动产登记网上办事大厅');
  doc.setProducer('不动产登记网上办事大厅');
  doc.setLanguage('zh-CN');
  const created = new Date();
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const accent = rgb(0.62, 0.12, 0.12);
  const { width, height } = page.getSize();
  const centred = (text: string, y: number, font: PDFFont, size: number, color = ink) => {
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 40, y: 40, width: width - 80, height: height - 80, borderColor: accent, borderWidth: 2 });
  centred(LATIN_TITLES[input.kind], height - 110, bold, 22, accent);
  centred('Real Estate Registration Center - Online Service Hall', height - 136, regular, 11);

  let y = height - 200;
  for (const line of lines) {
    page.drawText(line.latin, { x: 80, y, size: 12, font: bold, color: ink });
    const value = latinText(line.value);
    const valueSize = regular.widthOfTextAtSize(value, 12) > width - 300 ? 9 : 12;
    page.drawText(value, { x: 220, y, size: valueSize, font: regular, color: ink, maxWidth: width - 300 });
    page.drawLine({ start: { x: 80, y: y - 8 }, end: { x: width - 80, y: y - 8 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.8) });
    y -= 36;
  }

  const note = [
    'This document reproduces the registry record found for the query above.',
    'Chinese text (names, location, certificate number) is in the document properties.',
    'The register kept by the registration authority prevails.',
  ];
  y -= 20;
  for (const text of note) {
    page.drawText(text, { x: 80, y, size: 9, font: regular, color: rgb(0.35, 0.35, 0.35) });
    y -= 14;
  }
  return doc.save();
}
