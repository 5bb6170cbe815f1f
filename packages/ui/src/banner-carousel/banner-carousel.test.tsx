import { composeStories } from '@storybook/react-vite';
import { describe, expect, it, vi } from 'vitest';
import { defaults } from '../defaults';
import { expectNoAxeViolations } from '../testing/axe';
import { useFakeClock } from '../testing/fake-clock';
import { runStory } from '../testing/run-story';
import { tick } from '../testing/clock';
import * as stories from './banner-carousel.stories';

const { ListPage, Home, WithTitles, Single, Empty, Autoplay, Swipe, Click } = composeStories(stories);

describe('BannerCarousel', () => {
  it('is accessible', async () => {
    for (const story of [ListPage, WithTitles, Single, Empty, Click]) {
      await expectNoAxeViolations(await runStory(story));
    }
  });

  it('uses the banner constants of the specification', () => {
    expect(defaults.banner).toEqual({ interval: 3000, threshold: 50, duration: 300, height: 180, homeHeight: 150 });
  });

  it('is 180 px high on list pages and 150 px on the home page', async () => {
    const list = await runStory(ListPage);
    expect(list.querySelector('section')).toHaveStyle({ height: '180px' });
    const home = await runStory(Home);
    expect(home.querySelector('section')).toHaveStyle({ height: '150px' });
  });

  it('turns every 3000 ms and loops', async () => {
    useFakeClock();
    await runStory(Autoplay);
  });

  it('turns on swipes of 50 px or more only', async () => {
    useFakeClock();
    await runStory(Swipe);
  });

  it('reports taps but not the end of a swipe', async () => {
    useFakeClock();
    await runStory(Click);
  });

  it('makes most of a turn within the 300 ms duration', async () => {
    useFakeClock();
    const canvas = await runStory(ListPage);
    const firstSlide = () => canvas.querySelector('.adm-swiper-item')?.parentElement as HTMLElement;
    const offset = () => Number(/translate3d\((-?[\d.]+)%/.exec(firstSlide().style.transform)?.[1] ?? 0);
    await tick(defaults.banner.interval);
    expect(offset()).toBeGreaterThan(-10);
    // antd-mobile's Swiper moves on a spring, not for a set time: most of the way in 300 ms,
    // at rest soon after.
    await tick(defaults.banner.duration);
    expect(offset()).toBeLessThan(-85);
    await tick(defaults.banner.duration);
    expect(offset()).toBeLessThan(-99);
  });

  it('does not turn a single banner', async () => {
    useFakeClock();
    const canvas = await runStory(Single);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(canvas.querySelector('section')).toHaveAttribute('data-current', '0');
    expect(canvas.querySelectorAll('.hall-banner-carousel-dot')).toHaveLength(0);
  });
});
