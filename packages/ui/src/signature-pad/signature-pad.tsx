import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import { SIGNATURE_CANVAS_HEIGHT_PX, SIGNATURE_CANVAS_WIDTH_PX, SIGNATURE_LINE_JOIN, SIGNATURE_STROKE_COLOR, SIGNATURE_STROKE_WIDTH_PX } from '../constants';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './signature-pad.css';

const classPrefix = classPrefixOf('signature-pad');

export interface SignaturePadHandle {
  /** Wipes the pad. */
  clear: () => void;
  /** Whether nothing has been drawn since the last clear. */
  isEmpty: () => boolean;
  /** The drawing as a PNG data: URL on a white ground, cut to the ink with a margin. */
  toDataURL: () => string;
}

export type SignaturePadProps = WithNativeProps<{
  /** CSS pixels; the spec's 350 × 400 by default (part 3 §2.11, §9). */
  width?: number;
  height?: number;
  /** The line above the pad asking for the signature. */
  hint?: string;
  /** The pad's accessible name. */
  label?: string;
  /** Called with false after the first stroke and with true after a clear. */
  onEmptyChange?: (empty: boolean) => void;
}>;

/**
 * The drawing cut to its ink with a margin, on white, as a PNG data: URL, so a signature fills the
 * line it is printed on however small it was written; the whole pad when nothing can be read back.
 */
function trimmedPng(canvas: HTMLCanvasElement, margin: number): string {
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas.toDataURL('image/png');
  const { width, height } = canvas;
  const { data } = ctx.getImageData(0, 0, width, height);
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4]! < 128) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) return canvas.toDataURL('image/png');
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const out = document.createElement('canvas');
  out.width = right - left + 1;
  out.height = bottom - top + 1;
  const outCtx = out.getContext('2d');
  if (!outCtx) return canvas.toDataURL('image/png');
  outCtx.fillStyle = '#ffffff';
  outCtx.fillRect(0, 0, out.width, out.height);
  outCtx.drawImage(canvas, left, top, out.width, out.height, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

/**
 * A touch canvas to sign on: black strokes 4 px wide with round joins and caps. Pointer events,
 * so a finger, a pen and a mouse all draw; the canvas keeps the device's pixel density so the
 * strokes stay sharp. Presentational: the picture leaves only through the handle.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(props, ref) {
  const { width = SIGNATURE_CANVAS_WIDTH_PX, height = SIGNATURE_CANVAS_HEIGHT_PX, hint = '请在下方区域内签写您的姓名', label = '签名区域', onEmptyChange } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const empty = useRef(true);
  const [ratio] = useState(() => (typeof window === 'undefined' ? 1 : Math.min(Math.max(window.devicePixelRatio || 1, 1), 3)));

  function context(): CanvasRenderingContext2D | null {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (!ctx) return null;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.strokeStyle = SIGNATURE_STROKE_COLOR;
    ctx.fillStyle = SIGNATURE_STROKE_COLOR;
    ctx.lineWidth = SIGNATURE_STROKE_WIDTH_PX;
    ctx.lineJoin = SIGNATURE_LINE_JOIN;
    ctx.lineCap = 'round';
    return ctx;
  }

  function paintGround() {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width * ratio, height * ratio);
    ctx.restore();
  }

  useEffect(paintGround, [width, height, ratio]);

  function setEmpty(value: boolean) {
    if (empty.current === value) return;
    empty.current = value;
    onEmptyChange?.(value);
  }

  useImperativeHandle(ref, () => ({
    clear() {
      paintGround();
      last.current = null;
      setEmpty(true);
    },
    isEmpty: () => empty.current,
    toDataURL: () => (canvasRef.current ? trimmedPng(canvasRef.current, Math.round(SIGNATURE_STROKE_WIDTH_PX * ratio * 2)) : ''),
  }));

  function pointOf(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * width) / box.width, y: ((event.clientY - box.top) * height) / box.height };
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    event.preventDefault();
    try {
      // Keeps the stroke when the finger slides off the pad; some browsers refuse it for synthetic pointers.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // Drawing goes on without the capture.
    }
    const point = pointOf(event);
    last.current = point;
    setEmpty(false);
    // A tap leaves a dot.
    const ctx = context();
    if (!ctx) return;
    ctx.beginPath();
    ctx.arc(point.x, point.y, SIGNATURE_STROKE_WIDTH_PX / 2, 0, Math.PI * 2);
    ctx.fill();
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    event.preventDefault();
    const ctx = context();
    if (!ctx) return;
    const point = pointOf(event);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
    last.current = point;
  }

  function end() {
    last.current = null;
  }

  return withNativeProps(
    props,
    <div className={classPrefix}>
      {hint ? <p className={`${classPrefix}__hint`}>{hint}</p> : null}
      <canvas
        ref={canvasRef}
        className={`${classPrefix}__canvas`}
        role="img"
        aria-label={label}
        width={width * ratio}
        height={height * ratio}
        style={{ width, height }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
    </div>,
  );
});
