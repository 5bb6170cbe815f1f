import { composeStories } from '@storybook/react-vite';
import { describe, expect, it, vi } from 'vitest';
import { defaults } from '../defaults';
import { expectNoAxeViolations } from '../testing/axe';
import { useFakeClock } from '../testing/fake-clock';
import { runStory } from '../testing/run-story';
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

  it('does not turn a single banner', async () => {
    useFakeClock();
    const canvas = await runStory(Single);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(canvas.querySelector('section')).toHaveAttribute('data-current', '0');
    expect(canvas.querySelectorAll('.hall-banner-carousel-dot')).toHaveLength(0);
  });
});
