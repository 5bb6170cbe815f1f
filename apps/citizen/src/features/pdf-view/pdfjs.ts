import type * as PdfJs from 'pdfjs-dist';

export type PdfJsLib = typeof PdfJs;

/** Where the app's build puts pdf.js's data files (vite.config.ts copies them there). */
const ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;

/**
 * Options for every document: the CMaps so Chinese text shows, the standard fonts for PDFs that
 * do not embed theirs, the wasm image decoders and the ICC profiles.
 */
export const DOCUMENT_OPTIONS = {
  cMapUrl: `${ASSETS}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${ASSETS}standard_fonts/`,
  wasmUrl: `${ASSETS}wasm/`,
  iccUrl: `${ASSETS}iccs/`,
  // Pages are drawn on this thread; a second renderer worker would be one more asset to load.
  disableWorkerRendering: true,
} as const;

let loading: Promise<PdfJsLib> | null = null;

/**
 * pdf.js and its worker, loaded only when a PDF is opened. The legacy build carries the
 * polyfills older WeChat and iOS browsers need; the worker is a separate asset of its own.
 */
export function loadPdfJs(): Promise<PdfJsLib> {
  loading ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')])
    .then(([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib as unknown as PdfJsLib;
    })
    .catch((error: unknown) => {
      // A failed chunk load (a flaky network) may succeed on the next try.
      loading = null;
      throw error;
    });
  return loading;
}
