import {
  appendBezierCurve,
  beginText,
  closePath,
  endText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
  type PDFFont,
  type PDFOperator,
} from 'pdf-lib';

/** Seal red, as printed seals are. */
const SEAL_RED = [0.82, 0.1, 0.1] as const;
/** The stamp's size in points: a round seal with the signing time under it. */
export const STAMP_SIZE = { width: 132, height: 150 } as const;
export const STAMP_CAPTION = '电子签章';
/** Every character the stamp may print besides the centre's name and the caption. */
export const STAMP_TIME_CHARACTERS = '0123456789-: 签章时间';

/** Kappa: how far a cubic Bézier's control points sit to draw a quarter circle. */
const KAPPA = 0.5522847498;

function circle(cx: number, cy: number, r: number): PDFOperator[] {
  const k = r * KAPPA;
  return [
    moveTo(cx + r, cy),
    appendBezierCurve(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
    appendBezierCurve(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
    appendBezierCurve(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
    appendBezierCurve(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
    closePath(),
  ];
}

function star(cx: number, cy: number, outer: number): PDFOperator[] {
  const inner = outer * 0.382;
  const ops: PDFOperator[] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = Math.PI / 2 + (i * Math.PI) / 5;
    const x = cx + r * Math.cos(angle);
    const y = cy + r * Math.sin(angle);
    ops.push(i === 0 ? moveTo(x, y) : lineTo(x, y));
  }
  return [...ops, closePath()];
}

/** One glyph run at a position, turned by `angle` (radians). */
function textAt(font: PDFFont, fontName: string, text: string, size: number, x: number, y: number, angle = 0): PDFOperator[] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [setFontAndSize(fontName, size), setTextMatrix(cos, sin, -sin, cos, x, y), showText(font.encodeText(text))];
}

/**
 * The drawing of the visible signature: a red round seal with the centre's name along the upper arc, a
 * star in the middle and 电子签章 under it, the way a Chinese 电子签章 looks, and the signing time
 * below the seal. Coordinates are the stamp's own (its BBox is STAMP_SIZE).
 */
export function stampOperators(font: PDFFont, fontName: string, centre: string, signedAt: string): PDFOperator[] {
  const { width } = STAMP_SIZE;
  const cx = width / 2;
  const r = width / 2 - 3;
  const cy = STAMP_SIZE.height - r - 3;
  const ops: PDFOperator[] = [pushGraphicsState(), setStrokingRgbColor(...SEAL_RED), setFillingRgbColor(...SEAL_RED)];
  ops.push(setLineWidth(3), ...circle(cx, cy, r), stroke());
  ops.push(...star(cx, cy, r * 0.3), fill());

  // The name along the upper arc, each character upright to the circle, over at most 240 degrees.
  const chars = [...centre];
  const size = Math.min(15, Math.max(9, 150 / Math.max(chars.length, 1)));
  const textRadius = r - 5 - size * 0.85;
  const span = Math.min((240 * Math.PI) / 180, (chars.length * size * 1.05) / textRadius);
  ops.push(beginText());
  chars.forEach((char, index) => {
    const theta = Math.PI / 2 + span / 2 - (chars.length === 1 ? span / 2 : (index * span) / (chars.length - 1));
    const rotation = theta - Math.PI / 2;
    const half = font.widthOfTextAtSize(char, size) / 2;
    // Start the glyph half its width before the point on the arc, along its own baseline.
    const x = cx + textRadius * Math.cos(theta) - half * Math.cos(rotation);
    const y = cy + textRadius * Math.sin(theta) - half * Math.sin(rotation);
    ops.push(...textAt(font, fontName, char, size, x, y, rotation));
  });
  const captionSize = 11;
  ops.push(...textAt(font, fontName, STAMP_CAPTION, captionSize, cx - font.widthOfTextAtSize(STAMP_CAPTION, captionSize) / 2, cy - r * 0.62));
  const timeSize = 8;
  ops.push(...textAt(font, fontName, signedAt, timeSize, cx - font.widthOfTextAtSize(signedAt, timeSize) / 2, 2));
  ops.push(endText(), popGraphicsState());
  return ops;
}
