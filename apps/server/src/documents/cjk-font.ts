import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The Chinese font of the hall's PDFs: Noto Sans SC Regular (SIL Open Font License), the TrueType
 * (glyf) build that @expo-google-fonts/noto-sans-sc ships — 30,898 glyphs, all of GB2312 and far
 * beyond, 10 MB. A PDF must not carry all of it, and pdf-lib's own subsetting (fontkit) drops glyphs
 * of this font, so each document gets a font cut by HarfBuzz's subsetter (harfbuzzjs, WebAssembly, no
 * native build) to exactly the characters it prints (about 20 KB for a proof), embedded whole by pdf-lib.
 *
 * The font file and the WebAssembly module are read and parsed once per process; each PDF then costs
 * one subset call (a few tens of milliseconds).
 */
const FONT_MODULE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
const SUBSETTER_MODULE = 'harfbuzzjs/dist/harfbuzz-subset.wasm';

/** Tables a horizontal, unshaped CJK page does not need. GSUB in particular must go: fontkit applies
 * it when pdf-lib lays out text and substitutes digit glyphs whose widths then disagree with the page. */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'STAT', 'vhea', 'vmtx', 'VORG'];

/** Always in the subset, so any ASCII text (numbers, certificate punctuation) can be drawn. */
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;

/** The part of harfbuzz-subset.wasm's exports used here (the C API of hb.h and hb-subset.h). */
interface HarfBuzzSubset {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

/** The global WebAssembly API (Node has it; the project's type libraries do not declare it). */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }> };
  }
).WebAssembly;

function tag(name: string): number {
  return ((name.charCodeAt(0) << 24) | (name.charCodeAt(1) << 16) | (name.charCodeAt(2) << 8) | name.charCodeAt(3)) >>> 0;
}

export interface CjkFont {
  /** The font's family name, as in the PDF's font dictionary. */
  readonly name: string;
  /** A complete TrueType font holding the glyphs of `text` (and printable ASCII). */
  subset(text: string): Uint8Array;
}

class HarfBuzzCjkFont implements CjkFont {
  readonly name = 'Noto Sans SC';

  constructor(
    private readonly hb: HarfBuzzSubset,
    /** The whole font, parsed once and kept for the life of the process. */
    private readonly face: number,
  ) {}

  subset(text: string): Uint8Array {
    const { hb } = this;
    const input = hb.hb_subset_input_create_or_fail();
    if (input === 0) throw new Error('HarfBuzz could not create a subset input');
    let subsetFace = 0;
    try {
      const unicodes = hb.hb_subset_input_unicode_set(input);
      for (const char of new Set(PRINTABLE_ASCII + text)) hb.hb_set_add(unicodes, char.codePointAt(0)!);
      const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
      for (const name of DROPPED_TABLES) hb.hb_set_add(dropped, tag(name));
      hb.hb_subset_input_set_flags(input, hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_HINTING);
      subsetFace = hb.hb_subset_or_fail(this.face, input);
      if (subsetFace === 0) throw new Error('HarfBuzz could not subset the CJK font');
      const blob = hb.hb_face_reference_blob(subsetFace);
      try {
        const length = hb.hb_blob_get_length(blob);
        if (length === 0) throw new Error('HarfBuzz produced an empty CJK font subset');
        const data = hb.hb_blob_get_data(blob, 0);
        // A copy: the wasm memory is reused (and may grow, detaching views) on the next call.
        return new Uint8Array(hb.memory.buffer, data, length).slice();
      } finally {
        hb.hb_blob_destroy(blob);
      }
    } finally {
      if (subsetFace !== 0) hb.hb_face_destroy(subsetFace);
      hb.hb_subset_input_destroy(input);
    }
  }
}

async function load(): Promise<CjkFont> {
  const require = createRequire(import.meta.url);
  const [fontBytes, wasmBytes] = await Promise.all([readFile(require.resolve(FONT_MODULE)), readFile(require.resolve(SUBSETTER_MODULE))]);
  const { instance } = await wasm.instantiate(wasmBytes);
  const hb = instance.exports as unknown as HarfBuzzSubset;
  hb._initialize();
  const pointer = hb.malloc(fontBytes.byteLength);
  if (pointer === 0) throw new Error('HarfBuzz could not allocate memory for the CJK font');
  new Uint8Array(hb.memory.buffer, pointer, fontBytes.byteLength).set(fontBytes);
  // Read-only and never freed: the face points into these bytes for the life of the process.
  const blob = hb.hb_blob_create(pointer, fontBytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const font = new HarfBuzzCjkFont(hb, face);
  font.subset('不动产'); // fails here, once, if the file is not a font HarfBuzz can read
  return font;
}

let loading: Promise<CjkFont> | undefined;

/** The process's CJK font, loaded on first use; a failed load is retried on the next call. */
export function cjkFont(): Promise<CjkFont> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
