import { isSessionLost } from '@hall/api/browser';
import { ProgressBar } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '@hall/ui';
import { NETWORK_ERROR } from '@hall/app';
import { paths } from '../../config/paths';
import { DOCUMENT_OPTIONS, loadPdfJs, type PdfJsLib } from './pdfjs';

/** Sharp on phone screens without canvases so large that iOS refuses to draw them. */
const MAX_OUTPUT_SCALE = 3;
const MAX_CANVAS_PIXELS = 16_000_000;

export const PDF_LOAD_FAILED = '文件加载失败，请稍后重试';
const PDF_BROKEN = '文件已损坏或不是有效的PDF文件';

type Status = { kind: 'loading'; percent: number | null } | { kind: 'ready'; pages: number } | { kind: 'error'; message: string };

/** The reason a failed file address gives: the server's Chinese message when it sent one. */
async function failureMessage(url: string): Promise<string> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.headers.get('content-type')?.includes('json')) return response.ok ? PDF_BROKEN : PDF_LOAD_FAILED;
    const body: unknown = await response.json();
    if (isSessionLost(body)) {
      window.location.replace(body.url || paths.home);
      return PDF_LOAD_FAILED;
    }
    const reply = body as { errmsg?: unknown; msg?: unknown };
    const message = typeof reply.errmsg === 'string' ? reply.errmsg : typeof reply.msg === 'string' ? reply.msg : '';
    return message || PDF_LOAD_FAILED;
  } catch {
    return NETWORK_ERROR;
  }
}

/**
 * Every page of a PDF as a canvas fitted to the screen width, drawn with pdf.js: Android's WeChat
 * cannot show a PDF inline. Annotations with an appearance are drawn onto the page, so the seal
 * of a signed licence (a signature widget) stays visible.
 */
export function PdfPages({ url }: { url: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading', percent: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const host = pagesRef.current;
    if (!host) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    setStatus({ kind: 'loading', percent: null });
    host.replaceChildren();

    void (async () => {
      let lib: PdfJsLib | null = null;
      try {
        lib = await loadPdfJs();
        if (cancelled) return;
        const task = lib.getDocument({ url, ...DOCUMENT_OPTIONS });
        destroy = () => void task.destroy();
        task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
          if (!cancelled && total > 0) setStatus({ kind: 'loading', percent: Math.min(100, Math.round((loaded / total) * 100)) });
        };
        const doc = await task.promise;
        if (cancelled) return;
        setStatus({ kind: 'ready', pages: doc.numPages });
        const cssWidth = host.clientWidth || window.innerWidth;
        for (let number = 1; number <= doc.numPages && !cancelled; number += 1) {
          const page = await doc.getPage(number);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: cssWidth / base.width });
          const wanted = Math.min(window.devicePixelRatio || 1, MAX_OUTPUT_SCALE);
          const outputScale = Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
          const canvas = document.createElement('canvas');
          canvas.className = 'hall-pdf__page';
          canvas.width = Math.floor(viewport.width * outputScale);
          canvas.height = Math.floor(viewport.height * outputScale);
          canvas.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `第${number}页，共${doc.numPages}页`);
          host.append(canvas);
          await page.render({
            canvas,
            viewport,
            transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
            annotationMode: lib.AnnotationMode.ENABLE,
          }).promise;
          page.cleanup();
        }
      } catch (error) {
        if (cancelled) return;
        // pdf.js hands a worker's parse failure over as its own InvalidPDFException.
        const message = lib && error instanceof lib.InvalidPDFException ? PDF_BROKEN : await failureMessage(url);
        if (!cancelled) setStatus({ kind: 'error', message });
      }
    })();

    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, attempt]);

  return (
    <>
      {status.kind === 'loading' ? (
        <LoadingState className="hall-page-center">{status.percent !== null ? <ProgressBar percent={status.percent} className="hall-pdf__progress" /> : null}</LoadingState>
      ) : status.kind === 'error' ? (
        <ErrorState message={status.message} fullPage onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <p className="hall-pdf__count">共 {status.pages} 页</p>
      )}
      <div ref={pagesRef} className="hall-pdf__pages" data-testid="pdf-pages" hidden={status.kind === 'error'} />
    </>
  );
}
