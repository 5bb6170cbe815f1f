import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { RegistryCertificate } from '../adapters/registry/certificates';
import { cjkFont } from './cjk-font';
import { wrapText } from './drawing';

/** The two documents a found query produces (spec part 1 §4: state 20 opens the PDF). */
export const PROOF_TITLES = {
  zs: '不动产权属证明',
  dzzz: '电子证照',
} as const;
export type ProofKind = keyof typeof PROOF_TITLES;
/** The /Reason of the hall's signature on each document. */
export const PROOF_SIGNING_REASONS: Record<ProofKind, string> = {
  zs: '不动产登记网上办事大厅出具的不动产权属证明',
  dzzz: '不动产登记网上办事大厅出具的电子证照',
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

/** The CommonJS build's exports, whether the loader hands them over as `default` or as the namespace. */
const fontkit = ((fontkitModule as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

/** The page's subtitle and the note under the lines. */
export const PROOF_ISSUER = '不动产登记网上办事大厅';
export const PROOF_NOTE = ['本证明依据上述查询编号对应的不动产登记簿记录生成，仅供权利人本人查看。', '身份证号已作部分隐藏处理。', '不动产权利以不动产登记机构保存的不动产登记簿记载为准。'] as const;

/** Each line of the proof: the label and the value. */
export function proofLines(input: ProofInput): Array<{ label: string; value: string }> {
  const { certificate } = input;
  return [
    { label: '不动产权证号', value: certificate.qzh },
    { label: '不动产单元号', value: certificate.bdcdyh },
    { label: '权利人', value: certificate.ownerName },
    { label: '身份证号', value: maskIdNumber(certificate.ownerIdcard) },
    { label: '坐落', value: certificate.zl },
    { label: '用途', value: certificate.yt },
    { label: '面积（平方米）', value: certificate.mj },
    { label: '查询编号', value: input.recordId },
    { label: '查询时间', value: input.queriedAt },
  ];
}

/** `text` cut into lines no wider than `width` at `size` (Chinese has no spaces to break at). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  return wrapText(text, (line) => font.widthOfTextAtSize(line, size), width);
}

/**
 * A certificate-proof PDF made with pdf-lib, in Chinese: the page is drawn with Noto Sans SC cut to the
 * characters it prints (see cjk-font.ts), so it renders in any reader and its text can be extracted;
 * the title, every label and value are also in the document's Title, Subject and Keywords.
 */
export async function renderCertificateProof(input: ProofInput): Promise<Uint8Array> {
  const title = PROOF_TITLES[input.kind];
  const lines = proofLines(input);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setSubject(lines.map((line) => `${line.label}：${line.value}`).join('；'));
  doc.setKeywords(lines.map((line) => `${line.label}：${line.value}`));
  doc.setAuthor('不动产登记中心');
  doc.setCreator(PROOF_ISSUER);
  doc.setProducer(PROOF_ISSUER);
  doc.setLanguage('zh-CN');
  const created = new Date();
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const printed = [title, PROOF_ISSUER, ...lines.flatMap((line) => [line.label, line.value]), ...PROOF_NOTE].join('');
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont((await cjkFont()).subset(printed), { subset: false });

  const page = doc.addPage([595.28, 841.89]);
  const ink = rgb(0.1, 0.1, 0.1);
  const accent = rgb(0.62, 0.12, 0.12);
  const { width, height } = page.getSize();
  const centred = (text: string, y: number, size: number, color = ink) => {
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 40, y: 40, width: width - 80, height: height - 80, borderColor: accent, borderWidth: 2 });
  centred(title, height - 110, 24, accent);
  centred(PROOF_ISSUER, height - 138, 11);

  const valueX = 190;
  const valueWidth = width - 80 - valueX;
  let y = height - 200;
  for (const line of lines) {
    page.drawText(line.label, { x: 80, y, size: 12, font, color: rgb(0.3, 0.3, 0.3) });
    const size = font.widthOfTextAtSize(line.value, 12) > valueWidth ? 10.5 : 12;
    const rows = wrap(line.value, font, size, valueWidth);
    rows.forEach((row, index) => {
      page.drawText(row, { x: valueX, y: y - index * (size + 4), size, font, color: ink });
    });
    y -= (rows.length - 1) * (size + 4);
    page.drawLine({ start: { x: 80, y: y - 10 }, end: { x: width - 80, y: y - 10 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.8) });
    y -= 36;
  }

  y -= 20;
  for (const text of PROOF_NOTE) {
    for (const row of wrap(text, font, 9.5, width - 160)) {
      page.drawText(row, { x: 80, y, size: 9.5, font, color: rgb(0.35, 0.35, 0.35) });
      y -= 16;
    }
  }
  return doc.save();
}
