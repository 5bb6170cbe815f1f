import * as fontkitModule from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { deflateSync } from 'node:zlib';

/**
 * A one-page document drawn once and printed twice: as a PDF (pdf-lib, text extractable) and as a
 * PNG (rasterised here from the same font's glyph outlines), so the picture a phone shows and the
 * PDF a citizen downloads cannot disagree. Coordinates are points from the top-left corner.
 */
export type Rgb = readonly [number, number, number];

/** The house style of the hall's documents: ink, muted text, rules and the accent red, on an A4-wide page. */
export const INK: Rgb = [26, 26, 26];
export const MUTED: Rgb = [90, 90, 90];
export const RULE: Rgb = [205, 205, 205];
export const ACCENT: Rgb = [158, 31, 31];
export const PAGE_WIDTH = 595;
export const MIN_PAGE_HEIGHT = 842;
export const MARGIN = 56;

export type DrawOp = (
  | { kind: 'text'; x: number; y: number; size: number; text: string; color: Rgb }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; color: Rgb }
  | { kind: 'frame'; x: number; y: number; w: number; h: number; width: number; color: Rgb }
  | { kind: 'ring'; cx: number; cy: number; r: number; width: number; color: Rgb }
  /** A filled rectangle: a QR code's modules. */
  | { kind: 'box'; x: number; y: number; w: number; h: number; color: Rgb }
) & {
  /** Part of the drawn seal: the picture shows it, a signed PDF shows its signature stamp there instead. */
  seal?: boolean;
};

export interface Drawing {
  width: number;
  height: number;
  ops: DrawOp[];
}

/** The glyph outline and advance of fontkit's glyphs (the part used here). */
interface Glyph {
  advanceWidth: number;
  path: { commands: Array<{ command: string; args: number[] }> };
}
interface Font {
  unitsPerEm: number;
  glyphForCodePoint(codePoint: number): Glyph;
}
const fontkit = ((fontkitModule as { default?: typeof fontkitModule }).default ?? fontkitModule) as unknown as { create(data: Uint8Array): Font };

/** Measures text in a TrueType font: the layout and both printers use the same advances. */
export class TextMeasure {
  readonly font: Font;
  constructor(readonly fontBytes: Uint8Array) {
    this.font = fontkit.create(fontBytes);
  }

  width(text: string, size: number): number {
    let units = 0;
    for (const char of text) units += this.font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth;
    return (units / this.font.unitsPerEm) * size;
  }

  wrap(text: string, size: number, width: number): string[] {
    return wrapText(text, (line) => this.width(line, size), width);
  }
}

/** `text` cut into lines no wider than `maxWidth` by `widthOf` (Chinese has no spaces to break at). */
export function wrapText(text: string, widthOf: (line: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line !== '' && widthOf(line + char) > maxWidth) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  lines.push(line);
  return lines;
}

/** The drawing as a PDF page, its text real text in the embedded font. */
export async function drawingToPdf(drawing: Drawing, measure: TextMeasure, meta: { title: string; subject: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setLanguage('zh-CN');
  doc.registerFontkit(fontkit as never);
  const font = await doc.embedFont(measure.fontBytes, { subset: false });
  const page = doc.addPage([drawing.width, drawing.height]);
  const H = drawing.height;
  const color = (c: Rgb) => rgb(c[0] / 255, c[1] / 255, c[2] / 255);
  for (const op of drawing.ops) {
    if (op.kind === 'text') page.drawText(op.text, { x: op.x, y: H - op.y, size: op.size, font, color: color(op.color) });
    else if (op.kind === 'line') page.drawLine({ start: { x: op.x1, y: H - op.y1 }, end: { x: op.x2, y: H - op.y2 }, thickness: op.width, color: color(op.color) });
    else if (op.kind === 'frame') page.drawRectangle({ x: op.x, y: H - op.y - op.h, width: op.w, height: op.h, borderColor: color(op.color), borderWidth: op.width });
    else if (op.kind === 'box') page.drawRectangle({ x: op.x, y: H - op.y - op.h, width: op.w, height: op.h, color: color(op.color) });
    else page.drawCircle({ x: op.cx, y: H - op.cy, size: op.r, borderColor: color(op.color), borderWidth: op.width });
  }
  return doc.save();
}

type Point = [number, number];
type Contour = Point[];

/** Sub-samples per pixel side: 4×4 gives smooth glyph edges. */
const SAMPLES = 4;

/** An RGB picture that polygons (with the non-zero winding rule) are painted onto, anti-aliased. */
class Raster {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3).fill(255);
  }

  fill(contours: Contour[], color: Rgb): void {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const contour of contours)
      for (const [x, y] of contour) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    const x0 = Math.max(0, Math.floor(minX));
    const y0 = Math.max(0, Math.floor(minY));
    const x1 = Math.min(this.width, Math.ceil(maxX) + 1);
    const y1 = Math.min(this.height, Math.ceil(maxY) + 1);
    if (x1 <= x0 || y1 <= y0) return;
    const w = x1 - x0;
    const coverage = new Float32Array(w * (y1 - y0));
    const edges: Array<[number, number, number, number]> = [];
    for (const contour of contours)
      for (let i = 0; i < contour.length; i += 1) {
        const a = contour[i]!;
        const b = contour[(i + 1) % contour.length]!;
        if (a[1] !== b[1]) edges.push([a[0], a[1], b[0], b[1]]);
      }
    const crossings: Array<[number, number]> = [];
    const weight = 1 / (SAMPLES * SAMPLES);
    for (let row = y0; row < y1; row += 1) {
      for (let s = 0; s < SAMPLES; s += 1) {
        const sy = row + (s + 0.5) / SAMPLES;
        crossings.length = 0;
        for (const [ax, ay, bx, by] of edges) {
          if ((sy >= ay && sy < by) || (sy >= by && sy < ay)) crossings.push([ax + ((sy - ay) / (by - ay)) * (bx - ax), by > ay ? 1 : -1]);
        }
        crossings.sort((p, q) => p[0] - q[0]);
        let winding = 0;
        for (let i = 0; i < crossings.length - 1; i += 1) {
          winding += crossings[i]![1];
          if (winding === 0) continue;
          // Sub-sample columns whose centres fall inside [from, to).
          const first = Math.max(Math.ceil(crossings[i]![0] * SAMPLES - 0.5), x0 * SAMPLES);
          const last = Math.min(Math.ceil(crossings[i + 1]![0] * SAMPLES - 0.5), x1 * SAMPLES);
          const base = (row - y0) * w - x0;
          for (let c = first; c < last; c += 1) coverage[base + Math.floor(c / SAMPLES)]! += weight;
        }
      }
    }
    for (let row = y0; row < y1; row += 1)
      for (let x = x0; x < x1; x += 1) {
        const alpha = Math.min(1, coverage[(row - y0) * w + (x - x0)]!);
        if (alpha <= 0) continue;
        const at = (row * this.width + x) * 3;
        for (let k = 0; k < 3; k += 1) this.pixels[at + k] = Math.round(this.pixels[at + k]! * (1 - alpha) + color[k]! * alpha);
      }
  }

  png(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let row = 0; row < this.height; row += 1) {
      raw[row * stride] = 0;
      Buffer.from(this.pixels.buffer, row * this.width * 3, this.width * 3).copy(raw, row * stride + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Straight segments of a quadratic or cubic curve, enough that the eye sees a curve. */
function flatten(from: Point, controls: Point[], to: Point, steps = 8): Point[] {
  const points: Point[] = [];
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const u = 1 - t;
    if (controls.length === 1) {
      const [c] = controls as [Point];
      points.push([u * u * from[0] + 2 * u * t * c[0] + t * t * to[0], u * u * from[1] + 2 * u * t * c[1] + t * t * to[1]]);
    } else {
      const [c1, c2] = controls as [Point, Point];
      points.push([u * u * u * from[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * to[0], u * u * u * from[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * to[1]]);
    }
  }
  return points;
}

/** A glyph's outline as contours in pixels: font units scaled, y flipped, placed at the pen. */
function glyphContours(glyph: Glyph, scale: number, penX: number, baseline: number): Contour[] {
  const contours: Contour[] = [];
  let current: Contour = [];
  const at = (x: number, y: number): Point => [penX + x * scale, baseline - y * scale];
  for (const { command, args } of glyph.path.commands) {
    const last = current.at(-1) ?? [penX, baseline];
    if (command === 'moveTo') {
      if (current.length > 2) contours.push(current);
      current = [at(args[0]!, args[1]!)];
    } else if (command === 'lineTo') current.push(at(args[0]!, args[1]!));
    else if (command === 'quadraticCurveTo') current.push(...flatten(last, [at(args[0]!, args[1]!)], at(args[2]!, args[3]!)));
    else if (command === 'bezierCurveTo') current.push(...flatten(last, [at(args[0]!, args[1]!), at(args[2]!, args[3]!)], at(args[4]!, args[5]!)));
    else if (command === 'closePath') {
      if (current.length > 2) contours.push(current);
      current = [];
    }
  }
  if (current.length > 2) contours.push(current);
  return contours;
}

/** A thick straight line as a four-cornered polygon. */
function strip(x1: number, y1: number, x2: number, y2: number, width: number): Contour {
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / length) * (width / 2);
  const ny = ((x2 - x1) / length) * (width / 2);
  return [
    [x1 + nx, y1 + ny],
    [x2 + nx, y2 + ny],
    [x2 - nx, y2 - ny],
    [x1 - nx, y1 - ny],
  ];
}

function circle(cx: number, cy: number, r: number, clockwise: boolean): Contour {
  const steps = Math.max(24, Math.ceil(r));
  return Array.from({ length: steps }, (_, i) => {
    const angle = ((clockwise ? i : steps - i) / steps) * Math.PI * 2;
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as Point;
  });
}

/** The drawing as a PNG, `scale` pixels per point. */
export function drawingToPng(drawing: Drawing, measure: TextMeasure, scale: number): Buffer {
  const raster = new Raster(Math.round(drawing.width * scale), Math.round(drawing.height * scale));
  for (const op of drawing.ops) {
    if (op.kind === 'text') {
      const size = op.size * scale;
      const unit = size / measure.font.unitsPerEm;
      let pen = op.x * scale;
      const contours: Contour[] = [];
      for (const char of op.text) {
        const glyph = measure.font.glyphForCodePoint(char.codePointAt(0)!);
        contours.push(...glyphContours(glyph, unit, pen, op.y * scale));
        pen += glyph.advanceWidth * unit;
      }
      if (contours.length) raster.fill(contours, op.color);
    } else if (op.kind === 'line') {
      raster.fill([strip(op.x1 * scale, op.y1 * scale, op.x2 * scale, op.y2 * scale, Math.max(1, op.width * scale))], op.color);
    } else if (op.kind === 'frame') {
      const [x, y, w, h, t] = [op.x * scale, op.y * scale, op.w * scale, op.h * scale, Math.max(1, op.width * scale)];
      // One side at a time: overlapping corners of differently wound strips would cancel out.
      for (const side of [strip(x, y, x + w, y, t), strip(x + w, y, x + w, y + h, t), strip(x, y + h, x + w, y + h, t), strip(x, y, x, y + h, t)]) raster.fill([side], op.color);
    } else if (op.kind === 'box') {
      const [x, y, w, h] = [op.x * scale, op.y * scale, op.w * scale, op.h * scale];
      raster.fill(
        [
          [
            [x, y],
            [x + w, y],
            [x + w, y + h],
            [x, y + h],
          ],
        ],
        op.color,
      );
    } else {
      const t = Math.max(1, op.width * scale);
      raster.fill([circle(op.cx * scale, op.cy * scale, op.r * scale + t / 2, true), circle(op.cx * scale, op.cy * scale, op.r * scale - t / 2, false)], op.color);
    }
  }
  return raster.png();
}
