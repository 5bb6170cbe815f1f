import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaults } from '../defaults';
import { expectStoriesAccessible } from '../testing/axe';
import { useFakeClock } from '../testing/fake-clock';
import { runStory, runStoryOnFakeClock, storyTest } from '../testing/run-story';
import { tick } from '../testing/clock';
import { sampleBanners } from '../testing/fixtures';
import { BannerCarousel } from './banner-carousel';
import * as stories from './banner-carousel.stories';

const { ListPage, Home, WithTitles, Single, Empty, Autoplay, Swipe, Dots, Click } = composeStories(stories);

function carouselOf(canvas: HTMLElement): HTMLElement {
  return canvas.querySelector('section.hall-banner-carousel') as HTMLElement;
}

function trackOf(canvas: HTMLElement): HTMLElement {
  return canvas.querySelector('.hall-banner-carousel-track') as HTMLElement;
}

/** The track's place (a slide, copies included) and the pixels a finger has pulled it, from its transform. */
function transformOf(canvas: HTMLElement): [number, number] {
  const match = /^translate3d\((-?[\d.]+)%, 0, 0\) translate3d\((-?[\d.]+)px, 0, 0\)$/.exec(trackOf(canvas).style.transform);
  if (!match) throw new Error(`unexpected transform: ${trackOf(canvas).style.transform}`);
  return [-Number(match[1]) / 100, Number(match[2])];
}

const placeOf = (canvas: HTMLElement) => transformOf(canvas)[0] + 0;
const offsetOf = (canvas: HTMLElement) => transformOf(canvas)[1] + 0;

describe('BannerCarousel', () => {
  it('is accessible', () => expectStoriesAccessible({ ListPage, WithTitles, Single, Empty, Click, Dots }));

  it('uses the banner constants of the specification', () => {
    expect(defaults.banner).toEqual({ interval: 3000, threshold: 50, duration: 300, height: 180, homeHeight: 150 });
  });

  it('is 180 px high on list pages and 150 px on the home page', async () => {
    const list = await runStory(ListPage);
    expect(list.querySelector('section')).toHaveStyle({ height: '180px' });
    const home = await runStory(Home);
    expect(home.querySelector('section')).toHaveStyle({ height: '150px' });
  });

  storyTest('turns every 3000 ms and loops', Autoplay, { fakeClock: true });

  storyTest('turns on swipes of 50 px or more only', Swipe, { fakeClock: true });

  storyTest('shows a banner when its dot is pressed', Dots, { fakeClock: true });

  storyTest('reports taps but not the end of a swipe or a drag', Click, { fakeClock: true });

  it('turns with a CSS transition of exactly 300 ms', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    await tick(defaults.banner.interval);
    expect(carouselOf(canvas)).toHaveAttribute('data-current', '1');
    expect(placeOf(canvas)).toBe(2);
    const style = getComputedStyle(trackOf(canvas));
    expect(style.transitionProperty).toBe('transform');
    expect(style.transitionDuration).toBe('300ms');
    expect(style.transitionDuration).toBe(`${defaults.banner.duration}ms`);
    expect(style.transitionTimingFunction).toBe('ease');
  });

  it('loops past the last banner forwards, onto a copy of the first, then swaps the copy for it', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    const track = trackOf(canvas);
    const slides = Array.from(track.children);
    // A copy of the last banner before the first and of the first after the last, hidden from readers.
    expect(slides).toHaveLength(sampleBanners.length + 2);
    expect(slides[0]?.querySelector('img')).toHaveAttribute('src', sampleBanners[2]?.image);
    expect(slides[4]?.querySelector('img')).toHaveAttribute('src', sampleBanners[0]?.image);
    expect(slides[4]).toHaveAttribute('aria-hidden', 'true');
    for (let turn = 0; turn < 3; turn++) await tick(defaults.banner.interval);
    // From the last banner (place 3) on to place 4, the copy of the first: forwards, transitioned.
    expect(carouselOf(canvas)).toHaveAttribute('data-current', '0');
    expect(placeOf(canvas)).toBe(4);
    expect(getComputedStyle(track).transitionDuration).toBe('300ms');
    await tick(defaults.banner.duration - 1);
    expect(placeOf(canvas)).toBe(4);
    // When the transition ends, the first banner takes the copy's place without a transition.
    act(() => {
      fireEvent.transitionEnd(track, { propertyName: 'transform' });
    });
    expect(placeOf(canvas)).toBe(1);
    expect(getComputedStyle(track).transitionDuration).toBe('0ms');
    expect(offsetOf(canvas)).toBe(0);
    await tick(defaults.banner.interval);
    expect(placeOf(canvas)).toBe(2);
    expect(getComputedStyle(track).transitionDuration).toBe('300ms');
  });

  it('swaps the copy for the banner even when no transitionend comes', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    for (let turn = 0; turn < 3; turn++) await tick(defaults.banner.interval);
    expect(placeOf(canvas)).toBe(4);
    await tick(defaults.banner.duration + 100);
    expect(placeOf(canvas)).toBe(1);
    expect(carouselOf(canvas)).toHaveAttribute('data-current', '0');
  });

  it('follows a dragging finger without a transition and springs back under 50 px', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    const carousel = carouselOf(canvas);
    const track = trackOf(canvas);
    const pointer = { pointerId: 7, button: 0, pointerType: 'touch' };
    fireEvent.pointerDown(carousel, { ...pointer, clientX: 200, clientY: 90 });
    fireEvent.pointerMove(carousel, { ...pointer, clientX: 185, clientY: 90 });
    fireEvent.pointerMove(carousel, { ...pointer, clientX: 160, clientY: 91 });
    // The track was taken hold of at 185 and has followed the finger 25 px since.
    expect(offsetOf(canvas)).toBe(-25);
    expect(getComputedStyle(track).transitionDuration).toBe('0ms');
    fireEvent.pointerUp(carousel, { ...pointer, clientX: 151, clientY: 91 });
    await tick(16);
    expect(offsetOf(canvas)).toBe(0);
    expect(placeOf(canvas)).toBe(1);
    expect(getComputedStyle(track).transitionDuration).toBe('300ms');
    // A vertical drag is the page's scroll, not a swipe.
    fireEvent.pointerDown(carousel, { ...pointer, clientX: 200, clientY: 90 });
    fireEvent.pointerMove(carousel, { ...pointer, clientX: 195, clientY: 40 });
    fireEvent.pointerUp(carousel, { ...pointer, clientX: 140, clientY: 0 });
    await tick(500);
    expect(carousel).toHaveAttribute('data-current', '0');
  });

  it('turns on touch swipes of 50 px or more and pauses autoplay while a finger is down', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    const carousel = carouselOf(canvas);
    const finger = (x: number, y = 90) => ({ changedTouches: [{ identifier: 5, clientX: x, clientY: y }] });
    fireEvent.touchStart(carousel, finger(200));
    fireEvent.touchEnd(carousel, finger(151));
    await tick(500);
    expect(carousel).toHaveAttribute('data-current', '0');
    fireEvent.touchStart(carousel, finger(200));
    fireEvent.touchEnd(carousel, finger(150));
    await tick(500);
    expect(carousel).toHaveAttribute('data-current', '1');
    fireEvent.touchStart(carousel, finger(200));
    await tick(3 * defaults.banner.interval);
    expect(carousel).toHaveAttribute('data-current', '1');
    fireEvent.touchEnd(carousel, finger(200));
    // Let go, autoplay takes up again a whole interval later.
    await tick(defaults.banner.interval - 1);
    expect(carousel).toHaveAttribute('data-current', '1');
    await tick(1);
    expect(carousel).toHaveAttribute('data-current', '2');
  });

  it('lets pointer events lead when a touch brings both', async () => {
    const canvas = await runStoryOnFakeClock(ListPage);
    const carousel = carouselOf(canvas);
    const touch = { changedTouches: [{ identifier: 0, clientX: 200, clientY: 90 }] };
    const lifted = { changedTouches: [{ identifier: 0, clientX: 120, clientY: 90 }] };
    fireEvent.pointerDown(carousel, { pointerId: 9, clientX: 200, clientY: 90, button: 0, pointerType: 'touch' });
    fireEvent.touchStart(carousel, touch);
    fireEvent.pointerUp(carousel, { pointerId: 9, clientX: 120, clientY: 90, button: 0, pointerType: 'touch' });
    fireEvent.touchEnd(carousel, lifted);
    await tick(500);
    // One swipe, one turn.
    expect(carousel).toHaveAttribute('data-current', '1');
  });

  it('does not loop when told not to, and stops autoplay at the last banner', async () => {
    useFakeClock();
    const { container } = render(<BannerCarousel items={sampleBanners} loop={false} />);
    const carousel = carouselOf(container);
    expect(trackOf(container).children).toHaveLength(sampleBanners.length);
    fireEvent.pointerDown(carousel, { pointerId: 1, clientX: 100, clientY: 90, button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(carousel, { pointerId: 1, clientX: 300, clientY: 90, button: 0, pointerType: 'touch' });
    await tick(500);
    expect(carousel).toHaveAttribute('data-current', '0');
    await tick(10 * defaults.banner.interval);
    expect(carousel).toHaveAttribute('data-current', '2');
  });

  it('loads the first picture at once and the others lazily', async () => {
    const canvas = await runStory(ListPage);
    const images = Array.from(canvas.querySelectorAll<HTMLImageElement>('[aria-roledescription="slide"] img'));
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]).toHaveClass('hall-banner-carousel-image');
  });

  it('fetches the first picture ahead of the others (the largest paint of the home), and not its loop copy', async () => {
    const canvas = await runStory(ListPage);
    const images = Array.from(canvas.querySelectorAll<HTMLImageElement>('[aria-roledescription="slide"] img'));
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(canvas.querySelectorAll('[fetchpriority]')).toHaveLength(1);
  });

  it('does not turn a single banner', async () => {
    const canvas = await runStoryOnFakeClock(Single);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(canvas.querySelector('section')).toHaveAttribute('data-current', '0');
    expect(canvas.querySelectorAll('.hall-banner-carousel-dot')).toHaveLength(0);
  });
});
