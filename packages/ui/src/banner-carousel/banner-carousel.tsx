import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Touch as ReactTouch,
  type TouchEvent,
  type TransitionEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { defaults } from '../defaults';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './banner-carousel.css';

const classPrefix = classPrefixOf('banner-carousel');

/** How far a finger may wander, in CSS pixels, before a press is a drag rather than a tap. */
const TAP_SLOP = 10;
/** Past either end of a carousel that does not loop, the track follows the finger this much. */
const EDGE_RESISTANCE = 1 / 3;
/** A turn settles on `transitionend`, or this long after its duration when none comes. */
const SETTLE_GRACE_MS = 100;

export interface BannerItem {
  id: string | number;
  /** Image address. */
  image: string;
  /** What the picture shows: its alternative text, and a caption when `showTitle` is set. */
  title?: string;
}

export type BannerCarouselProps = WithNativeProps<{
  items: readonly BannerItem[];
  /** Height in CSS pixels: 180 on list pages, 150 on the hall home. */
  height?: number;
  /** Milliseconds between automatic turns. */
  interval?: number;
  /** A swipe at least this many pixels long turns the banner; a shorter one is ignored. */
  threshold?: number;
  autoplay?: boolean;
  loop?: boolean;
  /** Draws each banner's title over its picture. */
  showTitle?: boolean;
  onItemClick?: (item: BannerItem, index: number) => void;
  onIndexChange?: (index: number) => void;
}>;

/**
 * Where the track stands: `pos` is a place on the track (with looping, place 0 is a copy of the
 * last banner and place `count + 1` a copy of the first), `offset` how far a finger has pulled
 * it in pixels, `animate` whether the change to this view moves with the transition.
 */
interface View {
  pos: number;
  offset: number;
  animate: boolean;
}

/** A finger (or mouse button) that is down. */
interface Drag {
  source: 'pointer' | 'touch';
  id: number;
  /** Where it went down: the swipe is measured from here. */
  startX: number;
  startY: number;
  /** Set once the press moves more than TAP_SLOP: along x the track follows it, along y it is a scroll. */
  axis: 'x' | 'y' | null;
  /** Where the finger was when the track was taken hold of, and the track's offset then. */
  holdX: number;
  holdOffset: number;
}

/** The x translation of a computed `transform` (`matrix(...)` or `matrix3d(...)`), if any. */
function translationOf(transform: string): number | null {
  const match = /^matrix(3d)?\(([^)]+)\)$/.exec(transform);
  if (!match) return null;
  const x = Number(match[2]!.split(',')[match[1] ? 12 : 4]);
  return Number.isFinite(x) ? x : null;
}

/** Whether focus came from the keyboard rather than a tap (older engines know no :focus-visible). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * The first banner is what a phone paints largest on the hall home, so the browser fetches it ahead of
 * the menu icons. React 18 passes the attribute through as written (lower case).
 */
const FIRST_PICTURE_PRIORITY = { fetchpriority: 'high' } as const;

/**
 * The banner carousel (spec part 1 §2, §9): a track of slides moved by a CSS transform with a
 * 300 ms transition, looping through a copy of the first banner after the last (and of the last
 * before the first), turning by itself every 3000 ms; a swipe of 50 px or more turns it by hand,
 * a shorter one springs back, and autoplay pauses while a finger is down.
 */
export function BannerCarousel(props: BannerCarouselProps): ReactElement {
  const {
    items,
    height = defaults.banner.height,
    interval = defaults.banner.interval,
    threshold = defaults.banner.threshold,
    autoplay = true,
    loop = true,
    showTitle = false,
    onItemClick,
    onIndexChange,
  } = props;
  const duration = defaults.banner.duration;
  const messages = useMessages().bannerCarousel;
  const count = items.length;
  const several = count > 1;
  const looping = loop && several;
  /** The track place of the first banner. */
  const first = looping ? 1 : 0;

  const trackRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ pos: first, offset: 0, animate: false });
  const viewRef = useRef(view);
  const settleTimer = useRef<number | undefined>(undefined);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const [holding, setHolding] = useState(false);
  const [focused, setFocused] = useState(false);
  const [warm, setWarm] = useState(false);

  /** The banner shown at a track place. */
  const indexAt = (pos: number) => (count === 0 ? 0 : (((pos - first) % count) + count) % count);
  const current = indexAt(view.pos);

  function show(next: View) {
    viewRef.current = next;
    setView(next);
  }

  /** Moves the track at once, and has the browser take the new place before anything follows. */
  function jump(next: View) {
    flushSync(() => show(next));
    void trackRef.current?.offsetWidth;
  }

  /** The end of a turn: from a copy, over to the banner it copies (they look the same). */
  function settle() {
    window.clearTimeout(settleTimer.current);
    settleTimer.current = undefined;
    const { pos } = viewRef.current;
    if (looping && (pos === 0 || pos === count + 1)) jump({ pos: first + indexAt(pos), offset: 0, animate: false });
  }

  /** Stops a turn where it is drawn now, on the banner rather than its copy. */
  function hold() {
    if (settleTimer.current === undefined) return;
    window.clearTimeout(settleTimer.current);
    settleTimer.current = undefined;
    const { pos } = viewRef.current;
    const track = trackRef.current;
    const drawnAt = track ? translationOf(getComputedStyle(track).transform) : null;
    const offset = track && drawnAt !== null ? drawnAt + pos * track.offsetWidth : 0;
    jump({ pos: first + indexAt(pos), offset, animate: false });
  }

  /** Turns to a track place (or springs back to the current one) with the transition. */
  function go(target: number) {
    hold();
    const from = viewRef.current.pos;
    const pos = looping ? target : Math.min(Math.max(target, 0), count - 1);
    show({ pos, offset: 0, animate: true });
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(settle, duration + SETTLE_GRACE_MS);
    if (indexAt(pos) !== indexAt(from)) onIndexChange?.(indexAt(pos));
  }

  // New items, or looping switched: back to the first banner before the browser paints.
  const shape = `${count}:${looping}`;
  const shapeRef = useRef(shape);
  useLayoutEffect(() => {
    if (shapeRef.current === shape) return;
    shapeRef.current = shape;
    window.clearTimeout(settleTimer.current);
    settleTimer.current = undefined;
    drag.current = null;
    const next = { pos: first, offset: 0, animate: false };
    viewRef.current = next;
    setView(next);
    setHolding(false);
  }, [shape, first]);

  useEffect(() => {
    const timers = settleTimer;
    return () => window.clearTimeout(timers.current);
  }, []);

  // Autoplay: one turn `interval` after the last, paused while a finger is down or the keyboard is in.
  const playing = autoplay && several && !holding && !focused && (looping || current < count - 1);
  const turnNext = useRef(() => {});
  turnNext.current = () => go(viewRef.current.pos + 1);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => turnNext.current(), interval);
    return () => window.clearTimeout(timer);
  }, [playing, interval, current]);

  function begin(source: Drag['source'], id: number, x: number, y: number) {
    // One finger at a time; a touch that follows its own pointer events is the same finger.
    if (!several || drag.current) return;
    drag.current = { source, id, startX: x, startY: y, axis: null, holdX: x, holdOffset: 0 };
    swallowClick.current = false;
    setHolding(true);
  }

  function move(source: Drag['source'], id: number, x: number, y: number, target: Element) {
    const d = drag.current;
    if (!d || d.source !== source || d.id !== id) return;
    const dx = x - d.startX;
    const dy = y - d.startY;
    if (!d.axis && Math.max(Math.abs(dx), Math.abs(dy)) > TAP_SLOP) {
      d.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
      if (d.axis === 'x') {
        hold();
        d.holdX = x;
        d.holdOffset = viewRef.current.offset;
        if (source === 'pointer') {
          try {
            target.setPointerCapture(id);
          } catch {
            // Not a live pointer (an event made up by a script): nothing to capture.
          }
        }
      }
    }
    if (d.axis !== 'x') return;
    let pulled = x - d.holdX;
    const { pos } = viewRef.current;
    if (!looping && ((pos === 0 && pulled > 0) || (pos === count - 1 && pulled < 0))) pulled *= EDGE_RESISTANCE;
    show({ pos, offset: d.holdOffset + pulled, animate: false });
  }

  function end(source: Drag['source'], id: number, x: number, y: number) {
    const d = drag.current;
    if (!d || d.source !== source || d.id !== id) return;
    drag.current = null;
    setHolding(false);
    const dx = x - d.startX;
    const dy = y - d.startY;
    // The click that ends a drag is not a tap on the banner.
    if (d.axis || Math.max(Math.abs(dx), Math.abs(dy)) > TAP_SLOP) swallowClick.current = true;
    const { pos } = viewRef.current;
    if (d.axis !== 'y' && Math.abs(dx) >= threshold && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? pos + 1 : pos - 1);
    else if (d.axis === 'x') go(pos);
  }

  function cancel(source: Drag['source'], id: number) {
    const d = drag.current;
    if (!d || d.source !== source || d.id !== id) return;
    drag.current = null;
    setHolding(false);
    if (d.axis === 'x') go(viewRef.current.pos);
  }

  function handlePointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    begin('pointer', event.pointerId, event.clientX, event.clientY);
  }

  function handleTouchStart(event: TouchEvent) {
    const touch = event.changedTouches[0];
    if (touch) begin('touch', touch.identifier, touch.clientX, touch.clientY);
  }

  function forEachTouch(event: TouchEvent, act: (touch: ReactTouch) => void) {
    for (const touch of Array.from(event.changedTouches)) act(touch);
  }

  function handleClickCapture(event: MouseEvent) {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.stopPropagation();
    event.preventDefault();
  }

  function handleFocus(event: FocusEvent) {
    if (isKeyboardFocus(event.target)) setFocused(true);
  }

  function handleBlur(event: FocusEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  function handleTransitionEnd(event: TransitionEvent) {
    if (event.target === event.currentTarget && settleTimer.current !== undefined) settle();
  }

  /** The first picture loads at once; once it has, the banners either side of the shown one do too. */
  function loadingOf(index: number): 'eager' | 'lazy' {
    if (index === 0) return 'eager';
    const near = index === current || index === (current + 1) % count || index === (current + count - 1) % count;
    return warm && near ? 'eager' : 'lazy';
  }

  function slide(item: BannerItem, index: number, copy: boolean) {
    const shown = !copy && index === current;
    const picture = (
      <>
        <img
          className={`${classPrefix}-image`}
          src={item.image}
          alt={item.title ?? ''}
          draggable={false}
          loading={loadingOf(index)}
          {...(index === 0 && !copy ? FIRST_PICTURE_PRIORITY : {})}
          decoding="async"
          onLoad={index === 0 && !copy ? () => setWarm(true) : undefined}
          onError={index === 0 && !copy ? () => setWarm(true) : undefined}
        />
        {showTitle && item.title ? <span className={`${classPrefix}-title`}>{item.title}</span> : null}
      </>
    );
    const content = onItemClick ? (
      <button type="button" className={`${classPrefix}-link`} tabIndex={shown ? 0 : -1} onClick={() => onItemClick(item, index)}>
        {picture}
      </button>
    ) : (
      picture
    );
    if (copy) {
      return (
        <div key={`copy-${index}`} className={cx(`${classPrefix}-slide`, `${classPrefix}-slide-copy`)} aria-hidden>
          {content}
        </div>
      );
    }
    return (
      <div
        key={item.id}
        className={`${classPrefix}-slide`}
        role="group"
        aria-roledescription="slide"
        aria-label={formatMessage(messages.slide, { index: index + 1, total: count })}
        aria-hidden={!shown || undefined}
      >
        {content}
      </div>
    );
  }

  const last = items[count - 1];
  const head = items[0];
  const root = (
    <section
      className={classPrefix}
      style={{ height }}
      aria-roledescription="carousel"
      aria-label={messages.label}
      data-current={current}
      onPointerDown={handlePointerDown}
      onPointerMove={(event) => move('pointer', event.pointerId, event.clientX, event.clientY, event.currentTarget)}
      onPointerUp={(event) => end('pointer', event.pointerId, event.clientX, event.clientY)}
      onPointerCancel={(event) => cancel('pointer', event.pointerId)}
      onTouchStart={handleTouchStart}
      onTouchMove={(event) => forEachTouch(event, (touch) => move('touch', touch.identifier, touch.clientX, touch.clientY, event.currentTarget))}
      onTouchEnd={(event) => forEachTouch(event, (touch) => end('touch', touch.identifier, touch.clientX, touch.clientY))}
      onTouchCancel={(event) => forEachTouch(event, (touch) => cancel('touch', touch.identifier))}
      onClickCapture={handleClickCapture}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      {count === 0 || !head || !last ? (
        <div className={`${classPrefix}-placeholder`} />
      ) : (
        <>
          <div
            ref={trackRef}
            className={`${classPrefix}-track`}
            aria-live={playing ? 'off' : 'polite'}
            style={{
              transform: `translate3d(${-view.pos * 100}%, 0, 0) translate3d(${view.offset}px, 0, 0)`,
              transitionProperty: 'transform',
              transitionDuration: `${view.animate ? duration : 0}ms`,
              transitionTimingFunction: 'ease',
            }}
            onTransitionEnd={handleTransitionEnd}
          >
            {looping ? slide(last, count - 1, true) : null}
            {items.map((item, index) => slide(item, index, false))}
            {looping ? slide(head, 0, true) : null}
          </div>
          {several ? (
            <div className={`${classPrefix}-dots`}>
              {items.map((item, index) => (
                <button
                  key={item.id}
                  type="button"
                  className={cx(`${classPrefix}-dot`, index === current && `${classPrefix}-dot-active`)}
                  aria-label={formatMessage(messages.dot, { index: index + 1 })}
                  aria-current={index === current || undefined}
                  onClick={() => {
                    if (index !== current) go(first + index);
                  }}
                />
              ))}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
  return withNativeProps(props, root);
}
