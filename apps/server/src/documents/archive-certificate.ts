import type { ArchiveProperty } from '@hall/api';
import { ARCHIVE_QUERY_MESSAGES, ARCHIVE_QUERY_TITLES, maskIdNumber } from '@hall/domain';
import { cjkFont } from './cjk-font';
import { ACCENT, INK, MARGIN, MIN_PAGE_HEIGHT, MUTED, PAGE_WIDTH, RULE, drawingToPng, TextMeasure, type DrawOp, type Drawing, type Rgb } from './drawing';
import type { DocumentSigner } from './signing/pdf-signer';
import { signedDrawingPdf } from './sealed-drawing';

/** What the archive-query certificate (查档证明) prints. */
export interface ArchiveCertificateInput {
  /** The acceptance number. */
  sqdh: string;
  name: string;
  idcard: string;
  /** The district the request was made for. */
  xzqmc: string;
  /** When the registry answered, YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
  queriedAt: string;
  properties: ArchiveProperty[];
}

export const ARCHIVE_CERTIFICATE_SUBTITLE = '不动产登记信息查询结果证明';
export const ARCHIVE_CERTIFICATE_ISSUER = '不动产登记中心';
export const ARCHIVE_CERTIFICATE_NOTES = ['本证明仅反映查询时点不动产登记簿的记载情况，身份证号已作部分隐藏处理。', '本证明由不动产登记网上办事大厅生成，仅供申请人本人使用。'] as const;
/** The picture's pixels per point: a 595-point page becomes about 1000 pixels wide. */
export const ARCHIVE_CERTIFICATE_PNG_SCALE = 1.7;

/** Each property of the table, as label and value rows. */
function propertyRows(property: ArchiveProperty): Array<[string, string]> {
  return [
    ['不动产权证号', property.bdcqzh],
    ['不动产单元号', property.bdcdyh],
    ['坐落', property.zl],
    ['用途', property.yt],
    ['面积（平方米）', property.mj],
    ['抵押情况', property.dyxx],
    ['查封情况', property.cfxx],
  ];
}

/** Every text the certificate prints, for the font subset and the PDF's subject. */
function printedText(input: ArchiveCertificateInput): string {
  return [
    ARCHIVE_QUERY_TITLES.certificate,
    ARCHIVE_CERTIFICATE_SUBTITLE,
    ARCHIVE_CERTIFICATE_ISSUER,
    '申请单号：查询时间：申请人：身份证号：查询范围：第条记录日期',
    input.sqdh,
    input.name,
    maskIdNumber(input.idcard),
    input.xzqmc,
    input.queriedAt,
    ARCHIVE_QUERY_MESSAGES.nothingRegistered,
    ARCHIVE_QUERY_MESSAGES.registered(input.properties.length),
    ...input.properties.flatMap((p) => propertyRows(p).flat()),
    ...ARCHIVE_CERTIFICATE_NOTES,
  ].join('');
}

/** The certificate laid out once, for both printers. */
export function layoutArchiveCertificate(input: ArchiveCertificateInput, measure: TextMeasure): Drawing {
  const ops: DrawOp[] = [];
  const text = (value: string, x: number, y: number, size: number, color: Rgb = INK) => ops.push({ kind: 'text', x, y, size, text: value, color });
  const centred = (value: string, y: number, size: number, color: Rgb = INK) => text(value, (PAGE_WIDTH - measure.width(value, size)) / 2, y, size, color);
  const inner = PAGE_WIDTH - 2 * MARGIN;
  const paragraph = (value: string, y: number, size: number, color: Rgb = INK): number => {
    for (const row of measure.wrap(value, size, inner)) {
      text(row, MARGIN, y, size, color);
      y += size + 6;
    }
    return y;
  };

  centred(ARCHIVE_QUERY_TITLES.certificate, 100, 26, ACCENT);
  centred(ARCHIVE_CERTIFICATE_SUBTITLE, 126, 12, MUTED);
  let y = 170;
  for (const [label, value] of [
    ['申请单号：', input.sqdh],
    ['申请人：', input.name],
    ['身份证号：', maskIdNumber(input.idcard)],
    ['查询范围：', input.xzqmc],
    ['查询时间：', input.queriedAt],
  ] as const) {
    text(label, MARGIN, y, 12, MUTED);
    text(value, MARGIN + 80, y, 12);
    y += 22;
  }
  y += 8;
  y = paragraph(input.properties.length ? ARCHIVE_QUERY_MESSAGES.registered(input.properties.length) : ARCHIVE_QUERY_MESSAGES.nothingRegistered, y, 13);

  const valueX = MARGIN + 100;
  input.properties.forEach((property, index) => {
    y += 10;
    text(`第${index + 1}条记录`, MARGIN, y, 12, ACCENT);
    y += 8;
    ops.push({ kind: 'line', x1: MARGIN, y1: y, x2: PAGE_WIDTH - MARGIN, y2: y, width: 0.6, color: RULE });
    y += 18;
    for (const [label, value] of propertyRows(property)) {
      text(label, MARGIN, y, 10.5, MUTED);
      const rows = measure.wrap(value, 10.5, PAGE_WIDTH - MARGIN - valueX);
      rows.forEach((row, i) => text(row, valueX, y + i * 15, 10.5));
      y += rows.length * 15 + 4;
    }
  });

  y += 18;
  for (const note of ARCHIVE_CERTIFICATE_NOTES) y = paragraph(note, y, 9.5, MUTED);

  // The issuer's seal and the date, bottom right.
  const height = Math.max(MIN_PAGE_HEIGHT, y + 150);
  const sealY = height - 110;
  const sealX = PAGE_WIDTH - MARGIN - 70;
  const dated = `日期：${input.queriedAt.slice(0, 10)}`;
  ops.push(
    { kind: 'ring', cx: sealX, cy: sealY, r: 46, width: 2.5, color: ACCENT, seal: true },
    { kind: 'text', x: sealX - measure.width(ARCHIVE_CERTIFICATE_ISSUER, 10.5) / 2, y: sealY + 4, size: 10.5, text: ARCHIVE_CERTIFICATE_ISSUER, color: ACCENT, seal: true },
    { kind: 'text', x: sealX - measure.width(dated, 10.5) / 2, y: sealY + 66, size: 10.5, text: dated, color: MUTED, seal: true },
  );
  ops.push({ kind: 'frame', x: 30, y: 30, w: PAGE_WIDTH - 60, h: height - 60, width: 1.5, color: ACCENT });
  return { width: PAGE_WIDTH, height, ops };
}

async function prepare(input: ArchiveCertificateInput): Promise<{ drawing: Drawing; measure: TextMeasure; printed: string }> {
  const printed = printedText(input);
  const measure = new TextMeasure((await cjkFont()).subset(printed));
  return { drawing: layoutArchiveCertificate(input, measure), measure, printed };
}

export const ARCHIVE_SIGNING_REASON = '不动产登记网上办事大厅出具的查档证明';

/**
 * The certificate as a PDF in Chinese, its text extractable, signed by the hall: the signature's
 * stamp stands where the picture draws the seal.
 */
export async function renderArchiveCertificatePdf(input: ArchiveCertificateInput, signer: DocumentSigner): Promise<Buffer> {
  const { drawing, measure } = await prepare(input);
  const subject = [input.sqdh, input.name, ...input.properties.map((p) => p.bdcqzh)].join('；');
  return signedDrawingPdf(drawing, measure, { title: ARCHIVE_QUERY_TITLES.certificate, subject }, signer, ARCHIVE_SIGNING_REASON);
}

/** The certificate as a PNG picture, for the phone's certificate page. */
export async function renderArchiveCertificatePng(input: ArchiveCertificateInput): Promise<Buffer> {
  const { drawing, measure } = await prepare(input);
  return drawingToPng(drawing, measure, ARCHIVE_CERTIFICATE_PNG_SCALE);
}
