import { documentDateText, type DocumentModel } from './document-model';

/** The picture's width in pixels: a portrait page that stays legible when the office prints it. */
const PAGE_WIDTH = 750;
const MARGIN = 48;
const TITLE_SIZE = 36;
const TEXT_SIZE = 26;
const LINE_HEIGHT = 42;
const SIGNATURE_HEIGHT = 96;
const FONT = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif';

/** Splits text into lines that fit the width, character by character (Chinese has no spaces to break at). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (ctx.measureText(line + char).width > width && line) {
      lines.push(line);
      line = char;
    } else line += char;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

function loadImage(source: string): Promise<HTMLImageElement | null> {
  if (!source) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = source;
  });
}

interface Painter {
  ctx: CanvasRenderingContext2D;
  y: number;
}

/** The text lines of the document's body, as drawn; measured once to size the page, then drawn. */
function bodyLines(ctx: CanvasRenderingContext2D, model: DocumentModel): { text: string; bold?: boolean; indent?: number }[] {
  const width = PAGE_WIDTH - MARGIN * 2;
  ctx.font = `${TEXT_SIZE}px ${FONT}`;
  const out: { text: string; bold?: boolean; indent?: number }[] = [];
  model.blocks.forEach((block, index) => {
    if (block.kind === 'field') for (const text of wrap(ctx, `${block.label}：${block.value}`, width)) out.push({ text });
    else if (block.kind === 'paragraph') for (const text of wrap(ctx, `\u3000\u3000${block.text}`, width)) out.push({ text });
    else {
      const number = model.blocks.slice(0, index + 1).filter((b) => b.kind === 'qa').length;
      for (const text of wrap(ctx, `问${number}：${block.question}`, width)) out.push({ text, bold: true });
      for (const text of wrap(ctx, `答：${block.answer}`, width - 26)) out.push({ text, indent: 26 });
    }
  });
  return out;
}

/**
 * Draws a statement on a canvas and answers it as a PNG data: URL: the title, the blocks as the
 * screen shows them, the signers' signatures and the date. The same model the screen renders,
 * so the picture says what the citizen read.
 */
export async function renderDocumentPng(model: DocumentModel): Promise<string> {
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d');
  if (!measure) throw new Error('无法生成图片，请更换浏览器后重试');
  const lines = bodyLines(measure, model);
  const images = await Promise.all(model.signers.map((signer) => loadImage(signer.image)));
  const signerRows = Math.max(model.signers.length, 1);
  const height = MARGIN + TITLE_SIZE + 40 + lines.length * LINE_HEIGHT + 32 + signerRows * (SIGNATURE_HEIGHT + 16) + LINE_HEIGHT * 2 + MARGIN;
  canvas.width = PAGE_WIDTH;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const painter: Painter = { ctx, y: MARGIN };
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, PAGE_WIDTH, height);
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'top';

  ctx.font = `bold ${TITLE_SIZE}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.fillText(model.title, PAGE_WIDTH / 2, painter.y);
  painter.y += TITLE_SIZE + 40;

  ctx.textAlign = 'left';
  for (const line of lines) {
    ctx.font = `${line.bold ? 'bold ' : ''}${TEXT_SIZE}px ${FONT}`;
    ctx.fillText(line.text, MARGIN + (line.indent ?? 0), painter.y);
    painter.y += LINE_HEIGHT;
  }
  painter.y += 32;

  ctx.font = `${TEXT_SIZE}px ${FONT}`;
  const rows = model.signers.length ? model.signers : [{ name: '', image: '' }];
  rows.forEach((signer, index) => {
    const label = `${model.signLabel}：`;
    ctx.fillText(label, MARGIN, painter.y + SIGNATURE_HEIGHT / 2 - TEXT_SIZE / 2);
    const left = MARGIN + ctx.measureText(label).width + 8;
    const image = images[index];
    if (image) {
      const width = Math.min((image.width / image.height) * SIGNATURE_HEIGHT, PAGE_WIDTH - MARGIN - left);
      ctx.drawImage(image, left, painter.y, width, SIGNATURE_HEIGHT);
    } else {
      ctx.fillText(signer.name ? `${signer.name}（未签字）` : '＿＿＿＿＿＿', left, painter.y + SIGNATURE_HEIGHT / 2 - TEXT_SIZE / 2);
    }
    painter.y += SIGNATURE_HEIGHT + 16;
  });

  ctx.textAlign = 'right';
  ctx.fillText(`日期：${documentDateText(model)}`, PAGE_WIDTH - MARGIN, painter.y + LINE_HEIGHT / 2);
  return canvas.toDataURL('image/png');
}
