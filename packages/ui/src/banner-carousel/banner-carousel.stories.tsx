import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { tick } from '../testing/clock';
import { sampleBanners } from '../testing/fixtures';
import { BannerCarousel } from './banner-carousel';

const meta = {
  title: 'Content/BannerCarousel',
  component: BannerCarousel,
  args: { items: sampleBanners, onIndexChange: fn() },
} satisfies Meta<typeof BannerCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

function carouselOf(canvasElement: HTMLElement): HTMLElement {
  return within(canvasElement).getByRole('region', { name: '轮播图' });
}

/** Which slide shows, from 0, as the carousel reports it. */
function shown(carousel: HTMLElement): number {
  return Number(carousel.dataset.current);
}

/** Which indicator dot is lit. */
function litDot(carousel: HTMLElement): number {
  return Array.from(carousel.querySelectorAll('.hall-banner-carousel-dot')).findIndex((dot) =>
    dot.classList.contains('hall-banner-carousel-dot-active'),
  );
}

/** List pages: 180 px high. */
export const ListPage: Story = {};

/** The hall home: 150 px high. */
export const Home: Story = { args: { height: 150 } };

/** Titles drawn over the pictures. */
export const WithTitles: Story = { args: { showTitle: true } };

/** One banner: it neither loops nor turns, and has no dots. */
export const Single: Story = { args: { items: sampleBanners.slice(0, 1) } };

/** No banners yet: a quiet placeholder keeps the page from jumping. */
export const Empty: Story = { args: { items: [] } };

/** Turns every 3000 ms and loops from the last banner back to the first. */
export const Autoplay: Story = {
  play: async ({ canvasElement, args }) => {
    const carousel = carouselOf(canvasElement);
    await expect(shown(carousel)).toBe(0);
    await expect(litDot(carousel)).toBe(0);
    await tick(2999);
    await expect(shown(carousel)).toBe(0);
    await tick(1);
    await expect(shown(carousel)).toBe(1);
    await expect(litDot(carousel)).toBe(1);
    await tick(3000);
    await expect(shown(carousel)).toBe(2);
    await tick(3000);
    await expect(shown(carousel)).toBe(0);
    await expect(litDot(carousel)).toBe(0);
    await expect(args.onIndexChange).toHaveBeenCalledTimes(3);
  },
};

/** A swipe of 50 px or more turns the banner; shorter ones are ignored; holding pauses autoplay. */
export const Swipe: Story = {
  play: async ({ canvasElement }) => {
    const carousel = carouselOf(canvasElement);
    const swipe = async (fromX: number, toX: number, holdMs = 0) => {
      fireEvent.pointerDown(carousel, { pointerId: 1, clientX: fromX, clientY: 90, button: 0, pointerType: 'touch' });
      if (holdMs) await tick(holdMs);
      fireEvent.pointerUp(carousel, { pointerId: 1, clientX: toX, clientY: 92, button: 0, pointerType: 'touch' });
      await tick(500);
    };
    await swipe(200, 151);
    await expect(shown(carousel)).toBe(0);
    await swipe(200, 150);
    await expect(shown(carousel)).toBe(1);
    await swipe(150, 200);
    await expect(shown(carousel)).toBe(0);
    // Backwards from the first banner loops to the last.
    await swipe(100, 300);
    await expect(shown(carousel)).toBe(2);
    // Autoplay waits while a finger is down.
    await swipe(200, 200, 7000);
    await expect(shown(carousel)).toBe(2);
  },
};

/** Tapping a banner reports it; the tap that ends a swipe does not. */
export const Click: Story = {
  args: { onItemClick: fn() },
  play: async ({ canvasElement, args }) => {
    const carousel = carouselOf(canvasElement);
    fireEvent.click(within(carousel).getByRole('button', { name: '不动产登记网上办' }));
    await expect(args.onItemClick).toHaveBeenCalledWith(sampleBanners[0], 0);
    fireEvent.pointerDown(carousel, { pointerId: 2, clientX: 300, clientY: 90, button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(carousel, { pointerId: 2, clientX: 120, clientY: 90, button: 0, pointerType: 'touch' });
    await tick(500);
    const second = within(carousel).getByRole('button', { name: '预约办理 少跑腿' });
    fireEvent.click(second);
    await expect(args.onItemClick).toHaveBeenCalledTimes(1);
    fireEvent.click(second);
    await expect(args.onItemClick).toHaveBeenLastCalledWith(sampleBanners[1], 1);
  },
};
