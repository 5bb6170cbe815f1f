import { useRef, useState, type PointerEvent, type ReactElement, type MouseEvent } from 'react';
import { Swiper, type SwiperRef } from 'antd-mobile';
import { defaults } from '../defaults';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './banner-carousel.css';

const classPrefix = classPrefixOf('banner-carousel');

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

interface PointerStart {
  id: number;
  x: number;
  y: number;
}

/**
 * The banner carousel (spec part 1 §2, §9): antd-mobile's Swiper, looping and turning by
 * itself every 3000 ms; a swipe of 50 px or more turns it by hand, and autoplay pauses while
 * a finger is down.
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
  const messages = useMessages().bannerCarousel;
  const swiper = useRef<SwiperRef>(null);
  const start = useRef<PointerStart | null>(null);
  const swiped = useRef(false);
  const [current, setCurrent] = useState(0);
  const [holding, setHolding] = useState(false);
  const several = items.length > 1;

  function handlePointerDown(event: PointerEvent) {
    if (!several || (event.pointerType === 'mouse' && event.button !== 0)) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    swiped.current = false;
    setHolding(true);
  }

  function handlePointerUp(event: PointerEvent) {
    const from = start.current;
    start.current = null;
    setHolding(false);
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return;
    swiped.current = true;
    if (dx < 0) swiper.current?.swipeNext();
    else swiper.current?.swipePrev();
  }

  function handlePointerCancel() {
    start.current = null;
    setHolding(false);
  }

  function handleClickCapture(event: MouseEvent) {
    // The tap that ends a swipe is not a click on the banner.
    if (swiped.current) {
      swiped.current = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }

  const root = (
    <section
      className={classPrefix}
      style={{ height }}
      aria-roledescription="carousel"
      aria-label={messages.label}
      data-current={current}
      onPointerDown={handlePointerDown}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerCancel}
      onClickCapture={handleClickCapture}
    >
      {items.length === 0 ? (
        <div className={`${classPrefix}-placeholder`} />
      ) : (
        <Swiper
          ref={swiper}
          className={`${classPrefix}-swiper`}
          loop={loop && several}
          autoplay={autoplay && several && !holding}
          autoplayInterval={interval}
          allowTouchMove={false}
          onIndexChange={(index) => {
            setCurrent(index);
            onIndexChange?.(index);
          }}
          indicator={(total, active) =>
            total > 1 ? (
              <div className={`${classPrefix}-dots`} aria-hidden>
                {Array.from({ length: total }, (_, index) => (
                  <span
                    key={index}
                    className={cx(`${classPrefix}-dot`, index === active && `${classPrefix}-dot-active`)}
                  />
                ))}
              </div>
            ) : null
          }
        >
          {items.map((item, index) => {
            const label = formatMessage(messages.slide, { index: index + 1, total: items.length });
            const picture = (
              <>
                <img className={`${classPrefix}-image`} src={item.image} alt={item.title ?? ''} draggable={false} />
                {showTitle && item.title ? <span className={`${classPrefix}-title`}>{item.title}</span> : null}
              </>
            );
            return (
              <Swiper.Item key={item.id}>
                <div
                  className={`${classPrefix}-slide`}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={label}
                  aria-hidden={index !== current || undefined}
                >
                  {onItemClick ? (
                    <button
                      type="button"
                      className={`${classPrefix}-link`}
                      tabIndex={index === current ? 0 : -1}
                      onClick={() => onItemClick(item, index)}
                    >
                      {picture}
                    </button>
                  ) : (
                    picture
                  )}
                </div>
              </Swiper.Item>
            );
          })}
        </Swiper>
      )}
    </section>
  );
  return withNativeProps(props, root);
}
