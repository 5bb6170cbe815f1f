import * as fontkitModule from '@pdf-lib/fontkit';
import { clip, endPath, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { cjkFont } from '../cjk-font';
import { directoryOf, MAX_PACKAGE_ENTRIES, readOfdPackage, resolveIn, type OfdPackage } from './ofd-package';
import { MAX_STAMP_ANNOTS, sealStamps, type SealStamp } from './ofd-signatures';
import { attribute, child, children, parseOfdXml, textOf, type XmlNode } from './ofd-xml';

const fontkit = ((fontkitModule as { default?: unknown }).default ?? fontkitModule) as never;

/** Points per millimetre: OFD measures in mm (GB/T 33190 §7.2), PDF in points. */
const PT_PER_MM = 72 / 25.4;
/** The page drawn when neither the page nor the document names a size: A4. */
const A4_BOX: Box = [0, 0, 210, 297];
/** An e-licence has a page or two; past this the rest of a document is left undrawn. */
export const MAX_DRAWN_PAGES = 50;
/** Graphic objects of one page, its templates and blocks included; a page over it is not drawn. */
export const MAX_PAGE_OBJECTS = 2000;
/** Characters of one path's AbbreviatedData, and of all of a page's; a page over either is not drawn. */
export const MAX_PATH_CHARS = 16 * 1024;
const MAX_PAGE_PATH_CHARS = 256 * 1024;
/** Characters of a page's text. */
const MAX_PAGE_TEXT_CHARS = 20_000;
/** Pixels of one PNG picture (pdf-lib decodes PNGs whole); a larger one is left out. */
const MAX_IMAGE_PIXELS = 4_000_000;
/** How deeply PageBlocks may nest. */
const MAX_BLOCK_DEPTH = 4;
/** The longest side of a page, in mm (A0 is 1189). */
const MAX_PAGE_SIDE_MM = 5000;
/** Characters of a seal's name written in its outline. */
const MAX_SEAL_NAME_CHARS = 40;
/** The red of a seal's outline and name, where its picture cannot be drawn. */
const SEAL_RED = rgb(0.86, 0.1, 0.12);

type Box = [number, number, number, number];
type Matrix = [number, number, number, number, number, number];

/** A page the hall will not draw: over a cap or unreadable. Its document keeps the metadata fallback. */
class UndrawablePage extends Error {}

function numbers(value: string, count?: number): number[] | null {
  const list = value.trim().split(/\s+/).filter(Boolean).map(Number);
  if (list.some((n) => !Number.isFinite(n)) || (count !== undefined && list.length !== count)) return null;
  return list;
}

function boxOf(value: string): Box | null {
  const list = numbers(value, 4);
  return list ? (list as Box) : null;
}

/** An OFD colour ("r g b", 0–255, §8.3.2), or the default when absent or in another colour space. */
function colourOf(node: XmlNode | undefined, fallback: RGB | undefined): RGB | undefined {
  const value = numbers(attribute(node, 'Value'), 3);
  if (!value) return fallback;
  const [r, g, b] = value.map((n) => Math.min(255, Math.max(0, n)) / 255);
  return rgb(r!, g!, b!);
}

/** DeltaX/DeltaY (§11.3): numbers, with "g n d" standing for n times d. */
function deltas(value: string, limit: number): number[] {
  const tokens = value.trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length && out.length < limit; i += 1) {
    if (tokens[i] === 'g') {
      const times = Math.min(Number(tokens[i + 1]), limit - out.length);
      const delta = Number(tokens[i + 2]);
      i += 2;
      if (!Number.isFinite(times) || !Number.isFinite(delta)) break;
      for (let n = 0; n < times; n += 1) out.push(delta);
    } else {
      const delta = Number(tokens[i]);
      if (!Number.isFinite(delta)) break;
      out.push(delta);
    }
  }
  return out;
}

/** The document's resources (PublicRes and DocumentRes, §7.9): its pictures by ID, as their bytes. */
function pictures(files: OfdPackage, document: XmlNode | undefined, documentDirectory: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const common = child(document, 'CommonData');
  for (const name of ['PublicRes', 'DocumentRes']) {
    for (const reference of children(common, name)) {
      const path = resolveIn(documentDirectory, textOf(reference));
      const content = files.get(path);
      if (!content) continue;
      const res = child(parseOfdXml(content), 'Res');
      const base = resolveIn(directoryOf(path), attribute(res, 'BaseLoc') || '.');
      for (const media of children(child(res, 'MultiMedias'), 'MultiMedia')) {
        const location = textOf(child(media, 'MediaFile'));
        const bytes = location ? files.get(resolveIn(base ? `${base}/` : '', location)) : undefined;
        if (bytes) found.set(attribute(media, 'ID'), bytes);
      }
    }
  }
  return found;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** A PNG or JPEG picture embedded once per document; null for any other kind, or a PNG too large to decode. */
async function embedPicture(doc: PDFDocument, bytes: Buffer): Promise<PDFImage | null> {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return doc.embedJpg(bytes);
  if (!bytes.subarray(0, 4).equals(PNG_MAGIC) || bytes.length < 24) return null;
  if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_IMAGE_PIXELS) return null;
  return doc.embedPng(bytes);
}

/** Everything a page draws: its templates' layers (background first), then its own (§7.7). */
function pageLayers(files: OfdPackage, page: XmlNode | undefined, templates: Map<string, string>): XmlNode[] {
  const layers: XmlNode[] = [];
  for (const template of children(page, 'Template')) {
    const path = templates.get(attribute(template, 'TemplateID'));
    const content = path ? files.get(path) : undefined;
    if (content) layers.push(...children(child(child(parseOfdXml(content), 'Page'), 'Content'), 'Layer'));
  }
  return [...layers, ...children(child(page, 'Content'), 'Layer')];
}

interface Drawable {
  kind: 'TextObject' | 'PathObject' | 'ImageObject';
  node: XmlNode;
}

/** The page's graphic objects in drawing order, PageBlocks opened; refuses a page over the caps. */
function objectsOf(layers: XmlNode[]): Drawable[] {
  const found: Drawable[] = [];
  let pathChars = 0;
  let textChars = 0;
  const visit = (block: XmlNode, depth: number) => {
    if (depth > MAX_BLOCK_DEPTH) throw new UndrawablePage('blocks nested too deeply');
    for (const kind of ['TextObject', 'PathObject', 'ImageObject'] as const) {
      for (const node of children(block, kind)) {
        found.push({ kind, node });
        if (kind === 'PathObject') {
          const data = textOf(child(node, 'AbbreviatedData'));
          if (data.length > MAX_PATH_CHARS) throw new UndrawablePage(`a path of ${data.length} characters`);
          pathChars += data.length;
        }
        if (kind === 'TextObject') for (const code of children(node, 'TextCode')) textChars += textOf(code).length;
      }
    }
    if (found.length > MAX_PAGE_OBJECTS) throw new UndrawablePage(`more than ${MAX_PAGE_OBJECTS} objects`);
    if (pathChars > MAX_PAGE_PATH_CHARS || textChars > MAX_PAGE_TEXT_CHARS) throw new UndrawablePage('too much path data or text');
    for (const nested of children(block, 'PageBlock')) visit(nested, depth + 1);
  };
  for (const layer of layers) visit(layer, 0);
  return found;
}

/**
 * Where an object's own coordinates land on the page, in mm from the page box's corner: its CTM,
 * then its Boundary's origin (§8.2).
 */
function placement(node: XmlNode, pageBox: Box): { boundary: Box; at: (u: number, v: number) => [number, number]; scale: number } | null {
  const boundary = boxOf(attribute(node, 'Boundary'));
  if (!boundary) return null;
  const [a, b, c, d, e, f] = (numbers(attribute(node, 'CTM'), 6) ?? [1, 0, 0, 1, 0, 0]) as Matrix;
  const [x0, y0] = [boundary[0] - pageBox[0], boundary[1] - pageBox[1]];
  return { boundary, at: (u, v) => [x0 + a * u + c * v + e, y0 + b * u + d * v + f], scale: Math.sqrt(Math.abs(a * d - b * c)) || 1 };
}

/** AbbreviatedData's operators that are a list of points: S starts a subpath as M does, B is a cubic Bézier. */
const POINT_OPERATORS = new Map([
  ['M', { svg: 'M', points: 1 }],
  ['S', { svg: 'M', points: 1 }],
  ['L', { svg: 'L', points: 1 }],
  ['Q', { svg: 'Q', points: 2 }],
  ['B', { svg: 'C', points: 3 }],
]);

/** AbbreviatedData (§9.1) as an SVG path of page mm: M/S, L, Q, B, A and C, each point through `at`. */
function svgPath(data: string, at: (u: number, v: number) => [number, number], scale: number): string {
  const tokens = data.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  const point = (i: number) => {
    const [u, v] = [Number(tokens[i]), Number(tokens[i + 1])];
    if (!Number.isFinite(u) || !Number.isFinite(v)) throw new UndrawablePage('a path with a malformed number');
    return at(u, v)
      .map((n) => n.toFixed(3))
      .join(' ');
  };
  let i = 0;
  while (i < tokens.length) {
    const op = tokens[i]!;
    // Each operator's SVG twin and how many points follow it; A and C are spelt out below.
    const simple = POINT_OPERATORS.get(op);
    if (simple) {
      const points = Array.from({ length: simple.points }, (_, n) => point(i + 1 + 2 * n));
      out.push(`${simple.svg} ${points.join(' ')}`);
      i += 1 + 2 * simple.points;
    } else if (op === 'A') {
      const [rx, ry, angle, large, sweep] = tokens.slice(i + 1, i + 6).map(Number);
      if (![rx, ry, angle, large, sweep].every(Number.isFinite)) throw new UndrawablePage('a path with a malformed arc');
      out.push(`A ${rx! * scale} ${ry! * scale} ${angle} ${large ? 1 : 0} ${sweep ? 1 : 0} ${point(i + 6)}`);
      i += 8;
    } else if (op === 'C') {
      out.push('Z');
      i += 1;
    } else throw new UndrawablePage(`a path operator ${op.slice(0, 8)}`);
  }
  return out.join(' ');
}

interface PageContext {
  page: PDFPage;
  font: PDFFont;
  box: Box;
  images: Map<string, PDFImage | null>;
  pictureBytes: Map<string, Buffer>;
  doc: PDFDocument;
}

/** Page mm (from the box's corner, y down) to PDF points (y up). */
const toPdf = (context: PageContext, [x, y]: [number, number]) => ({ x: x * PT_PER_MM, y: (context.box[3] - y) * PT_PER_MM });

/** Glyphs print as text in the hall's CJK font, each where DeltaX/DeltaY put it (§11.3). */
function drawText(context: PageContext, node: XmlNode): void {
  const place = placement(node, context.box);
  const size = Number(attribute(node, 'Size'));
  if (!place || !(size > 0)) return;
  const color = colourOf(child(node, 'FillColor'), rgb(0, 0, 0));
  const points = size * place.scale * PT_PER_MM;
  let [x, y] = [0, 0];
  for (const code of children(node, 'TextCode')) {
    // A TextCode without X or Y goes on from where the last one started (§11.3).
    x = attribute(code, 'X') ? Number(attribute(code, 'X')) : x;
    y = attribute(code, 'Y') ? Number(attribute(code, 'Y')) : y;
    const chars = [...textOf(code)].filter((char) => char.charCodeAt(0) >= 0x20);
    if (!chars.length || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    const dx = deltas(attribute(code, 'DeltaX'), chars.length);
    const dy = deltas(attribute(code, 'DeltaY'), chars.length);
    if (!dx.length && !dy.length) {
      context.page.drawText(chars.join(''), { ...toPdf(context, place.at(x, y)), size: points, font: context.font, color });
      continue;
    }
    let [u, v] = [x, y];
    chars.forEach((char, index) => {
      context.page.drawText(char, { ...toPdf(context, place.at(u, v)), size: points, font: context.font, color });
      u += dx[index] ?? dx[dx.length - 1] ?? size;
      v += dy[index] ?? 0;
    });
  }
}

function drawPath(context: PageContext, node: XmlNode): void {
  const place = placement(node, context.box);
  const data = textOf(child(node, 'AbbreviatedData'));
  if (!place || !data) return;
  const stroke = attribute(node, 'Stroke') !== 'false';
  const fill = attribute(node, 'Fill') === 'true';
  if (!stroke && !fill) return;
  const width = Number(attribute(node, 'LineWidth') || '0.353');
  // drawSvgPath scales by PT_PER_MM and flips y: its path is in page mm, y down, from the page's corner.
  context.page.drawSvgPath(svgPath(data, place.at, place.scale), {
    x: 0,
    y: context.box[3] * PT_PER_MM,
    scale: PT_PER_MM,
    color: fill ? colourOf(child(node, 'FillColor'), rgb(0, 0, 0)) : undefined,
    borderColor: stroke ? colourOf(child(node, 'StrokeColor'), rgb(0, 0, 0)) : undefined,
    borderWidth: stroke ? (Number.isFinite(width) && width >= 0 ? width : 0.353) * place.scale : 0,
  });
}

/** A picture fills its Boundary (its CTM, which maps the unit square onto it, is taken as doing so). */
async function drawImage(context: PageContext, node: XmlNode): Promise<void> {
  const place = placement(node, context.box);
  const id = attribute(node, 'ResourceID');
  if (!place || !id) return;
  if (!context.images.has(id)) {
    const bytes = context.pictureBytes.get(id);
    context.images.set(id, bytes ? await embedPicture(context.doc, bytes).catch(() => null) : null);
  }
  const image = context.images.get(id);
  if (!image) return;
  const [, , w, h] = place.boundary;
  const corner = toPdf(context, [place.boundary[0] - context.box[0], place.boundary[1] - context.box[1] + h]);
  context.page.drawImage(image, { ...corner, width: w * PT_PER_MM, height: h * PT_PER_MM });
}

/** A seal's name as its outline writes it: printable, and no longer than the cap. */
const sealNameOf = (stamp: SealStamp) => [...stamp.name].filter((char) => char.charCodeAt(0) >= 0x20).slice(0, MAX_SEAL_NAME_CHARS);

/** A seal as its picture: a picture the seal carries, once per document; null for another kind or a picture that cannot be read. */
async function sealImage(doc: PDFDocument, stamp: SealStamp): Promise<PDFImage | null> {
  return stamp.picture ? embedPicture(doc, stamp.picture.data).catch(() => null) : null;
}

/** Where a seal cannot show its picture: a red outline of its place with its name inside, in as few lines as fit best. */
function drawSealOutline(context: PageContext, corner: { x: number; y: number }, width: number, height: number, name: string[]): void {
  const border = Math.min(1.5, width / 20, height / 20);
  context.page.drawRectangle({ ...corner, width, height, borderColor: SEAL_RED, borderWidth: border });
  if (!name.length) return;
  const room = { width: width * 0.85, height: height * 0.85 };
  let best = { lines: 1, size: 0 };
  for (let lines = 1; lines <= Math.min(4, name.length); lines += 1) {
    const size = Math.min(room.width / Math.ceil(name.length / lines), room.height / (lines * 1.2));
    if (size > best.size) best = { lines, size };
  }
  const perLine = Math.ceil(name.length / best.lines);
  const rows = Array.from({ length: Math.ceil(name.length / perLine) }, (_, i) => name.slice(i * perLine, (i + 1) * perLine).join(''));
  const lineHeight = best.size * 1.2;
  // The block of lines centred in the box; each line centred on its own width.
  let baseline = corner.y + height / 2 + (rows.length * lineHeight) / 2 - best.size;
  for (const row of rows) {
    const rowWidth = context.font.widthOfTextAtSize(row, best.size);
    context.page.drawText(row, { x: corner.x + (width - rowWidth) / 2, y: baseline, size: best.size, font: context.font, color: SEAL_RED });
    baseline -= lineHeight;
  }
}

/**
 * One place of a seal (StampAnnot, GB/T 33190 §18.2.3) drawn over the page: its picture filling the
 * Boundary, else its outline; Clip, relative to the Boundary, cuts it (a seal across the edge of
 * pages shows a part on each).
 */
function drawStamp(context: PageContext, boundary: Box, clipBox: Box | null, image: PDFImage | null, name: string[]): void {
  const [x, y, w, h] = boundary;
  const corner = toPdf(context, [x - context.box[0], y - context.box[1] + h]);
  const [width, height] = [w * PT_PER_MM, h * PT_PER_MM];
  if (clipBox) {
    const [cx, cy, cw, ch] = clipBox;
    const clipCorner = toPdf(context, [x + cx - context.box[0], y + cy - context.box[1] + ch]);
    context.page.pushOperators(pushGraphicsState(), rectangle(clipCorner.x, clipCorner.y, cw * PT_PER_MM, ch * PT_PER_MM), clip(), endPath());
  }
  try {
    if (image) context.page.drawImage(image, { ...corner, width, height });
    else drawSealOutline(context, corner, width, height, name);
  } finally {
    if (clipBox) context.page.pushOperators(popGraphicsState());
  }
}

/** A box of a seal's place: positive sides, everything within the pages' own bounds; else null. */
function stampBox(value: string): Box | null {
  const box = boxOf(value);
  if (!box || !(box[2] > 0 && box[3] > 0) || box.some((n) => Math.abs(n) > MAX_PAGE_SIDE_MM)) return null;
  return box;
}

interface StampPlace {
  /** The seal's index among the document's. */
  seal: number;
  boundary: Box;
  clip: Box | null;
}

/** The seals' places by the ID of the page they are on (PageRef names the page's ID in Document.xml). */
function stampsByPage(stamps: SealStamp[]): Map<string, StampPlace[]> {
  const byPage = new Map<string, StampPlace[]>();
  stamps.forEach((stamp, seal) => {
    for (const annot of stamp.annots) {
      const boundary = stampBox(annot.boundary);
      if (!boundary || !annot.pageRef) continue;
      // A Clip that cannot be read is no reason to hide the seal: it is drawn whole.
      const place = { seal, boundary, clip: annot.clip ? stampBox(annot.clip) : null };
      if (!byPage.has(annot.pageRef)) byPage.set(annot.pageRef, []);
      byPage.get(annot.pageRef)!.push(place);
    }
  });
  return byPage;
}

/** Every character the document's pages print, and the names of its seals, so that one subset of the CJK font covers them. */
function textOfPages(objects: Drawable[][], names: string[]): string {
  const chars = new Set<string>(names.flatMap((name) => [...name]));
  for (const page of objects) for (const { kind, node } of page) if (kind === 'TextObject') for (const code of children(node, 'TextCode')) for (const char of textOf(code)) chars.add(char);
  return [...chars].join('');
}

export interface OfdPageCaps {
  maxEntryBytes: number;
  maxInflatedBytes: number;
}

/**
 * The pages of an OFD's first document (GB/T 33190 §7.7) drawn into a PDF, for the viewer: text in
 * the hall's CJK font at its TextCode positions, paths, PNG and JPEG pictures, each page the size of
 * its PhysicalBox (or the document's PageArea); over them, each seal at its StampAnnots (§18), as its
 * PNG or JPEG picture or else a red outline with its name. An object that cannot be drawn is left out; a page
 * over the caps (objects, path data, text) is left out whole. Answers null when no page could be
 * drawn, so the report falls back to the document's metadata. Runs in the PDF worker, whose time and
 * memory limits still bound it.
 */
export async function drawOfdPages(bytes: Buffer, caps: OfdPageCaps): Promise<{ pdf: Uint8Array; pages: number } | null> {
  const files = await readOfdPackage(bytes, { perEntry: caps.maxEntryBytes, perFile: caps.maxInflatedBytes, entries: MAX_PACKAGE_ENTRIES });
  const body = child(child(parseOfdXml(files.get('OFD.xml') ?? Buffer.alloc(0)), 'OFD'), 'DocBody');
  const documentPath = resolveIn('', textOf(child(body, 'DocRoot')));
  const documentXml = files.get(documentPath);
  if (!documentXml) return null;
  const document = child(parseOfdXml(documentXml), 'Document');
  const directory = directoryOf(documentPath);
  const common = child(document, 'CommonData');
  const defaultBox = boxOf(textOf(child(child(common, 'PageArea'), 'PhysicalBox'))) ?? A4_BOX;
  const templates = new Map(children(common, 'TemplatePage').map((t) => [attribute(t, 'ID'), resolveIn(directory, attribute(t, 'BaseLoc'))]));

  const pages: Array<{ id: string; box: Box; objects: Drawable[] }> = [];
  for (const listed of children(child(document, 'Pages'), 'Page').slice(0, MAX_DRAWN_PAGES)) {
    try {
      const content = files.get(resolveIn(directory, attribute(listed, 'BaseLoc')));
      if (!content) continue;
      const page = child(parseOfdXml(content), 'Page');
      const box = boxOf(textOf(child(child(page, 'Area'), 'PhysicalBox'))) ?? defaultBox;
      if (!(box[2] > 0 && box[3] > 0 && box[2] <= MAX_PAGE_SIDE_MM && box[3] <= MAX_PAGE_SIDE_MM)) continue;
      pages.push({ id: attribute(listed, 'ID'), box, objects: objectsOf(pageLayers(files, page, templates)) });
    } catch {
      // The page is left out; the others are still drawn.
    }
  }
  if (!pages.length) return null;

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const stamps = sealStamps(files, body);
  const names = stamps.map(sealNameOf);
  const printed = textOfPages(
    pages.map((p) => p.objects),
    names.map((name) => name.join('')),
  );
  const font = await doc.embedFont((await cjkFont()).subset(printed), { subset: false });
  const pictureBytes = pictures(files, document, directory);
  const images = new Map<string, PDFImage | null>();
  const places = stampsByPage(stamps);
  const sealImages = new Map<number, PDFImage | null>();
  let stampsDrawn = 0;
  for (const { id, box, objects } of pages) {
    const page = doc.addPage([box[2] * PT_PER_MM, box[3] * PT_PER_MM]);
    const context: PageContext = { page, font, box, images, pictureBytes, doc };
    for (const { kind, node } of objects) {
      try {
        if (kind === 'TextObject') drawText(context, node);
        else if (kind === 'PathObject') drawPath(context, node);
        else await drawImage(context, node);
      } catch {
        // An object that cannot be drawn is left out; the rest of the page still shows.
      }
    }
    // The seals last, over the content, as a stamp lies on paper.
    for (const place of places.get(id) ?? []) {
      if (stampsDrawn >= MAX_STAMP_ANNOTS) break;
      stampsDrawn += 1;
      if (!sealImages.has(place.seal)) sealImages.set(place.seal, await sealImage(doc, stamps[place.seal]!));
      try {
        drawStamp(context, place.boundary, place.clip, sealImages.get(place.seal) ?? null, names[place.seal]!);
      } catch {
        // A seal that cannot be drawn is left out; the page and its other seals still show.
      }
    }
  }
  return { pdf: await doc.save(), pages: pages.length };
}
