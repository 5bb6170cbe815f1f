import { PDFDocument, rgb } from 'pdf-lib';
import * as fontkitModule from '@pdf-lib/fontkit';
import { cjkFont } from './cjk-font';

/** A printable blank form of the hall: a title, labelled lines to fill in by hand, and notes. */
export interface BlankForm {
  title: string;
  fields: readonly string[];
  notes: readonly string[];
}

const fontkit = ((fontkitModule as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

export const BLANK_FORM_ISSUER = '不动产登记中心';

/** The form as an A4 PDF in Chinese (Noto Sans SC cut to the characters printed), its title in the metadata. */
export async function renderBlankForm(form: BlankForm): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(form.title);
  doc.setAuthor(BLANK_FORM_ISSUER);
  doc.setCreator(BLANK_FORM_ISSUER);
  doc.setProducer(BLANK_FORM_ISSUER);
  doc.setLanguage('zh-CN');
  doc.registerFontkit(fontkit);
  const printed = [form.title, BLANK_FORM_ISSUER, '填表说明', ...form.fields, ...form.notes].join('');
  const font = await doc.embedFont((await cjkFont()).subset(printed), { subset: false });

  const page = doc.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const ink = rgb(0.1, 0.1, 0.1);
  const line = rgb(0.55, 0.55, 0.55);
  const titleSize = 20;
  page.drawText(form.title, { x: (width - font.widthOfTextAtSize(form.title, titleSize)) / 2, y: height - 90, size: titleSize, font, color: ink });
  page.drawText(BLANK_FORM_ISSUER, { x: (width - font.widthOfTextAtSize(BLANK_FORM_ISSUER, 11)) / 2, y: height - 114, size: 11, font, color: line });

  let y = height - 170;
  for (const field of form.fields) {
    page.drawText(field, { x: 70, y, size: 12, font, color: ink });
    page.drawLine({ start: { x: 190, y: y - 4 }, end: { x: width - 70, y: y - 4 }, thickness: 0.6, color: line });
    y -= 40;
  }
  y -= 10;
  page.drawText('填表说明', { x: 70, y, size: 12, font, color: ink });
  y -= 22;
  for (const note of form.notes) {
    page.drawText(note, { x: 70, y, size: 10, font, color: rgb(0.3, 0.3, 0.3) });
    y -= 18;
  }
  return doc.save();
}
