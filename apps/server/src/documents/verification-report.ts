import { PDFDocument } from 'pdf-lib';
import { formatShanghaiDateTime } from '../lib/shanghai-time';
import { cjkFont } from './cjk-font';
import { ACCENT, INK, MARGIN, MIN_PAGE_HEIGHT, MUTED, PAGE_WIDTH, RULE, drawingToPdf, TextMeasure, type DrawOp, type Rgb } from './drawing';
import { VERDICT_EXPLANATIONS, VERDICTS, VERIFICATION_FAILURES, type DocumentFacts, type SignatureFinding, type VerificationOutcome } from './verification/verdicts';

export const REPORT_TITLE = '电子签章验证报告';
export const REPORT_ISSUER = '不动产登记网上办事大厅';
export const REPORT_NOTES = [
  '本报告由不动产登记网上办事大厅根据文件中的电子签章自动生成，并由大厅加盖电子签章。',
  '签名时间为签署方声明的时间（标注“可信时间戳”的为时间戳服务机构证明的时间）；验证依据本大厅信任的根证书，结论仅对上述文件（以SHA-256摘要为准）有效。',
] as const;
/** Where the hall's own stamp goes on the report: bottom right, clear of the text. */
export const REPORT_STAMP_MARGIN = 56;

const GOOD: Rgb = [30, 120, 60];
/** Room kept under the text for the hall's stamp. */
const STAMP_ROOM = 200;

export interface ReportInput {
  recordId: string;
  fileName: string;
  size: number;
  sha256: string | null;
  sm3: string | null;
  uploadedAt: Date;
  verifiedAt: Date;
  outcome: VerificationOutcome;
  /** An OFD's pages drawn as a PDF (verification/ofd-pages.ts), shown after the report. */
  pages?: Uint8Array;
}

function signatureRows(finding: SignatureFinding): Array<[string, string]> {
  return [
    ['验证结论', VERDICTS[finding.verdict]],
    ['签署人', finding.signer || '无法识别'],
    ['所属单位', finding.organisation || '—'],
    ['证书签发机构', finding.issuer || '—'],
    ['签名时间', finding.signedAt ? `${formatShanghaiDateTime(new Date(finding.signedAt))}${finding.timeStamped ? '（可信时间戳）' : ''}` : '未声明'],
    ['签名原因', finding.reason || '—'],
    ['签名算法', finding.algorithm || '—'],
    ['覆盖整个文件', finding.coversWholeFile ? '是' : '否（签名后文件有追加内容）'],
  ];
}

/**
 * What the report says of an OFD e-licence: its format, title, author, creation date and page count,
 * from its DocInfo, and whether its pages follow the report (where none could be drawn, this is all).
 */
function documentRows(document: DocumentFacts, drawn: boolean): Array<[string, string]> {
  return [
    ['文件格式', `${document.format}版式文件（${drawn ? '页面附在本报告之后' : '页面未在此显示，以下为文档信息'}）`],
    ['文档标题', document.title || '未注明'],
    ['文档作者', document.author || '未注明'],
    ['创建日期', document.createdOn || '未注明'],
    ['页数', `${document.pages} 页`],
  ];
}

/** The verdict line and its explanation: a verdict, or why none could be reached. */
function conclusion(outcome: VerificationOutcome): { verdict: string; explanation: string; good: boolean } {
  if (!outcome.ok) return { verdict: '验签失败', explanation: VERIFICATION_FAILURES[outcome.failure], good: false };
  const verdict = outcome.verification.verdict;
  return { verdict: VERDICTS[verdict], explanation: VERDICT_EXPLANATIONS[verdict], good: verdict === 'valid' };
}

/**
 * The verification report the hall issues for an uploaded PDF or OFD file (spec part 1 §4: a
 * verification record opens as a PDF): the file, the verdict with what it means, and each signature's signer, time,
 * reason and findings, in Chinese. Answers the unsigned PDF; the caller signs it.
 */
export async function renderVerificationReport(input: ReportInput): Promise<Uint8Array> {
  const { verdict, explanation, good } = conclusion(input.outcome);
  const signatures = input.outcome.ok ? input.outcome.verification.signatures : [];
  const header: Array<[string, string]> = [
    ['验证编号', input.recordId],
    ['文件名称', input.fileName],
    ['文件大小', `${input.size} 字节`],
    ['文件摘要', input.sha256 ? `SHA-256 ${input.sha256}` : '—'],
    ['国密摘要', input.sm3 ? `SM3 ${input.sm3}` : '—'],
    ['上传时间', formatShanghaiDateTime(input.uploadedAt)],
    ['验证时间', formatShanghaiDateTime(input.verifiedAt)],
    ...(input.outcome.ok && input.outcome.verification.document ? documentRows(input.outcome.verification.document, Boolean(input.pages)) : []),
  ];
  const printed = [
    REPORT_TITLE,
    REPORT_ISSUER,
    verdict,
    explanation,
    '验证结论签章第个：共·',
    ...header.flat(),
    ...signatures.flatMap((s) => [...signatureRows(s).flat(), s.field, ...s.notes]),
    ...REPORT_NOTES,
  ].join('');
  const measure = new TextMeasure((await cjkFont()).subset(printed));
  const ops: DrawOp[] = [];
  const text = (value: string, x: number, y: number, size: number, color: Rgb = INK) => ops.push({ kind: 'text', x, y, size, text: value, color });
  const inner = PAGE_WIDTH - 2 * MARGIN;
  const paragraph = (value: string, x: number, y: number, size: number, width: number, color: Rgb = INK): number => {
    for (const row of measure.wrap(value, size, width)) {
      text(row, x, y, size, color);
      y += size + 5;
    }
    return y;
  };
  const rows = (pairs: Array<[string, string]>, y: number, labelWidth: number): number => {
    for (const [label, value] of pairs) {
      text(label, MARGIN, y, 10.5, MUTED);
      y = paragraph(value, MARGIN + labelWidth, y, 10.5, inner - labelWidth) + 3;
    }
    return y;
  };

  text(REPORT_TITLE, (PAGE_WIDTH - measure.width(REPORT_TITLE, 24)) / 2, 96, 24, ACCENT);
  text(REPORT_ISSUER, (PAGE_WIDTH - measure.width(REPORT_ISSUER, 11)) / 2, 120, 11, MUTED);
  let y = rows(header, 160, 70) + 10;
  text('验证结论：', MARGIN, y + 4, 14, INK);
  text(verdict, MARGIN + 75, y + 4, 18, good ? GOOD : ACCENT);
  y = paragraph(explanation, MARGIN, y + 30, 11, inner) + 8;
  if (input.outcome.ok && signatures.length) text(`共${signatures.length}个签章`, MARGIN, y, 10.5, MUTED);
  y += 12;
  signatures.slice(0, 6).forEach((finding, index) => {
    y += 8;
    ops.push({ kind: 'line', x1: MARGIN, y1: y, x2: PAGE_WIDTH - MARGIN, y2: y, width: 0.6, color: RULE });
    y += 18;
    text(`第${index + 1}个签章：${finding.field}`, MARGIN, y, 12, ACCENT);
    y = rows(signatureRows(finding), y + 20, 80);
    for (const note of finding.notes.slice(0, 10)) y = paragraph(`· ${note}`, MARGIN + 10, y, 9.5, inner - 10, MUTED);
  });
  y += 16;
  for (const note of REPORT_NOTES) y = paragraph(note, MARGIN, y, 9, inner, MUTED);
  const height = Math.max(MIN_PAGE_HEIGHT, y + STAMP_ROOM);
  ops.push({ kind: 'frame', x: 30, y: 30, w: PAGE_WIDTH - 60, h: height - 60, width: 1.5, color: ACCENT });
  const report = await drawingToPdf({ width: PAGE_WIDTH, height, ops }, measure, { title: REPORT_TITLE, subject: `${input.fileName}；${verdict}` });
  return input.pages ? appendPages(report, input.pages) : report;
}

/** The report with the document's drawn pages after it: one file, which the hall then signs on its first page. */
async function appendPages(report: Uint8Array, pages: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(report);
  const drawn = await PDFDocument.load(pages);
  for (const page of await doc.copyPages(drawn, drawn.getPageIndices())) doc.addPage(page);
  return doc.save();
}
