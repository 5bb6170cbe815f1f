import { maskIdNumber, maskPersonName } from '@hall/domain';
import QRCode from 'qrcode';
import { cjkFont } from './cjk-font';
import { ACCENT, INK, MARGIN, MIN_PAGE_HEIGHT, MUTED, PAGE_WIDTH, RULE, TextMeasure, type DrawOp, type Drawing, type Rgb } from './drawing';
import type { DocumentSigner } from './signing/pdf-signer';
import { signedDrawingPdf } from './sealed-drawing';

/** What the 受理回执 of a submitted application prints. Names and ID numbers come in whole and are masked here. */
export interface AcceptanceReceiptInput {
  /** The acceptance number (prolsh) the citizen quotes and the progress query finds. */
  acceptanceNumber: string;
  businessName: string;
  placeName: string;
  applicants: Array<{ role: string; name: string; idNumber: string }>;
  /** Each material with the number of files given for it. */
  materials: Array<{ name: string; files: number }>;
  /** YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
  submittedAt: string;
  /** The progress query's address for this number: what the QR code holds. */
  progressUrl: string;
}

export const RECEIPT_TITLE = '受理回执';
export const RECEIPT_SUBTITLE = '不动产登记网上申请';
export const RECEIPT_ISSUER = '不动产登记中心';
export const RECEIPT_SIGNING_REASON = '不动产登记网上办事大厅出具的受理回执';
export const RECEIPT_NEXT_STEPS = [
  '1. 登记机构将审核您的申请，审核结果请在办事大厅“我的申请”中查看。',
  '2. 审核通过后，请按“我的申请”中的提示预约，携带本回执所列材料的原件到窗口办理。',
  '3. 扫描右侧二维码，或在“进度查询”中输入申请编号，可随时查询办理进度。',
] as const;
export const RECEIPT_NOTES = ['申请人姓名和身份证号已作部分隐藏处理。', '本回执由不动产登记网上办事大厅签章出具，仅证明申请已提交，不作为权属证明。'] as const;

const LABELS = ['申请编号：', '申请业务：', '办理地点：', '提交时间：', '申请人', '提交材料', '后续步骤', '扫码查进度', '份', '未提交', '日期：'];

/** Every text the receipt prints, for the font subset. */
function printedText(input: AcceptanceReceiptInput): string {
  return [
    RECEIPT_TITLE,
    RECEIPT_SUBTITLE,
    RECEIPT_ISSUER,
    ...LABELS,
    input.acceptanceNumber,
    input.businessName,
    input.placeName,
    input.submittedAt,
    '0123456789.',
    ...input.applicants.flatMap((a) => [a.role, maskPersonName(a.name), maskIdNumber(a.idNumber)]),
    ...input.materials.map((m) => m.name),
    ...RECEIPT_NEXT_STEPS,
    ...RECEIPT_NOTES,
  ].join('');
}

/** The QR code's modules as filled boxes, `size` points square, top-left at (x, y). */
function qrBoxes(text: string, x: number, y: number, size: number): DrawOp[] {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  const ops: DrawOp[] = [];
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1) if (qr.modules.get(row, col)) ops.push({ kind: 'box', x: x + col * cell, y: y + row * cell, w: cell + 0.05, h: cell + 0.05, color: INK });
  return ops;
}

/** The receipt laid out once (docs/architecture.md §9: drawn, then signed where the seal stands). */
export function layoutAcceptanceReceipt(input: AcceptanceReceiptInput, measure: TextMeasure): Drawing {
  const ops: DrawOp[] = [];
  const text = (value: string, x: number, y: number, size: number, color: Rgb = INK) => ops.push({ kind: 'text', x, y, size, text: value, color });
  const centred = (value: string, y: number, size: number, color: Rgb = INK) => text(value, (PAGE_WIDTH - measure.width(value, size)) / 2, y, size, color);
  const rule = (y: number) => ops.push({ kind: 'line', x1: MARGIN, y1: y, x2: PAGE_WIDTH - MARGIN, y2: y, width: 0.6, color: RULE });
  const heading = (value: string, y: number): number => {
    text(value, MARGIN, y, 13, ACCENT);
    rule(y + 8);
    return y + 28;
  };

  centred(RECEIPT_TITLE, 100, 26, ACCENT);
  centred(RECEIPT_SUBTITLE, 126, 12, MUTED);

  // The QR code stands at the right of the case's lines, which wrap short of it.
  const qrSize = 104;
  const qrX = PAGE_WIDTH - MARGIN - qrSize;
  ops.push(...qrBoxes(input.progressUrl, qrX, 160, qrSize));
  text('扫码查进度', qrX + (qrSize - measure.width('扫码查进度', 10)) / 2, 160 + qrSize + 16, 10, MUTED);

  const valueX = MARGIN + 72;
  const valueWidth = qrX - 16 - valueX;
  let y = 176;
  for (const [label, value] of [
    ['申请编号：', input.acceptanceNumber],
    ['申请业务：', input.businessName],
    ['办理地点：', input.placeName],
    ['提交时间：', input.submittedAt],
  ] as const) {
    text(label, MARGIN, y, 12, MUTED);
    const rows = measure.wrap(value, 12, valueWidth);
    rows.forEach((row, i) => text(row, valueX, y + i * 17, 12));
    y += rows.length * 17 + 8;
  }
  y = Math.max(y, 160 + qrSize + 30) + 10;

  y = heading('申请人', y);
  for (const person of input.applicants) {
    text(person.role, MARGIN, y, 11, MUTED);
    text(maskPersonName(person.name), MARGIN + 90, y, 11);
    text(maskIdNumber(person.idNumber), MARGIN + 220, y, 11);
    y += 19;
  }
  y += 10;

  y = heading('提交材料', y);
  for (const material of input.materials) {
    const rows = measure.wrap(material.name, 11, PAGE_WIDTH - 2 * MARGIN - 70);
    rows.forEach((row, i) => text(row, MARGIN, y + i * 16, 11));
    const count = material.files ? `${material.files}份` : '未提交';
    text(count, PAGE_WIDTH - MARGIN - measure.width(count, 11), y, 11, material.files ? INK : MUTED);
    y += rows.length * 16 + 4;
  }
  y += 12;

  y = heading('后续步骤', y);
  for (const step of RECEIPT_NEXT_STEPS)
    for (const row of measure.wrap(step, 11, PAGE_WIDTH - 2 * MARGIN)) {
      text(row, MARGIN, y, 11);
      y += 17;
    }
  y += 14;
  for (const note of RECEIPT_NOTES)
    for (const row of measure.wrap(note, 9.5, PAGE_WIDTH - 2 * MARGIN)) {
      text(row, MARGIN, y, 9.5, MUTED);
      y += 15;
    }

  const height = Math.max(MIN_PAGE_HEIGHT, y + 150);
  const sealY = height - 110;
  const sealX = PAGE_WIDTH - MARGIN - 70;
  const dated = `日期：${input.submittedAt.slice(0, 10)}`;
  ops.push(
    { kind: 'ring', cx: sealX, cy: sealY, r: 46, width: 2.5, color: ACCENT, seal: true },
    { kind: 'text', x: sealX - measure.width(RECEIPT_ISSUER, 10.5) / 2, y: sealY + 4, size: 10.5, text: RECEIPT_ISSUER, color: ACCENT, seal: true },
    { kind: 'text', x: sealX - measure.width(dated, 10.5) / 2, y: sealY + 66, size: 10.5, text: dated, color: MUTED },
  );
  ops.push({ kind: 'frame', x: 30, y: 30, w: PAGE_WIDTH - 60, h: height - 60, width: 1.5, color: ACCENT });
  return { width: PAGE_WIDTH, height, ops };
}

/** The receipt as a signed PDF in Chinese, its text extractable; the signature's stamp stands where the seal is drawn. */
export async function renderAcceptanceReceiptPdf(input: AcceptanceReceiptInput, signer: DocumentSigner): Promise<Buffer> {
  const measure = new TextMeasure((await cjkFont()).subset(printedText(input)));
  const drawing = layoutAcceptanceReceipt(input, measure);
  return signedDrawingPdf(drawing, measure, { title: RECEIPT_TITLE, subject: [input.acceptanceNumber, input.businessName].join('；') }, signer, RECEIPT_SIGNING_REASON);
}
