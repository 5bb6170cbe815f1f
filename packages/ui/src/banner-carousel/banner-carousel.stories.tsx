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
  return Array.from(carousel.querySelectorAll('.hall-banner-carousel-dot')).findIndex((dot) => dot.classList.contains('hall-banner-carousel-dot-active'));
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

/**
 * A swipe of 50 px or more turns the banner; shorter ones spring back; holding pauses autoplay.
 * The track follows a finger that moves, and turns or springs back when it lifts.
 */
export const Swipe: Story = {
  play: async ({ canvasElement }) => {
    const carousel = carouselOf(canvasElement);
    const touch = { pointerId: 1, button: 0, pointerType: 'touch' };
    const swipe = async (fromX: number, toX: number, holdMs = 0) => {
      fireEvent.pointerDown(carousel, { ...touch, clientX: fromX, clientY: 90 });
      if (holdMs) await tick(holdMs);
      fireEvent.pointerUp(carousel, { ...touch, clientX: toX, clientY: 92 });
      await tick(500);
    };
    const drag = async (fromX: number, toX: number) => {
      fireEvent.pointerDown(carousel, { ...touch, clientX: fromX, clientY: 90 });
      for (let x = fromX; x !== toX; x += Math.sign(toX - fromX) * Math.min(10, Math.abs(toX - x))) {
        fireEvent.pointerMove(carousel, { ...touch, clientX: x, clientY: 90 });
        await tick(16);
      }
      fireEvent.pointerUp(carousel, { ...touch, clientX: toX, clientY: 90 });
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
    // Dragged 49 px the banner springs back; 50 px, it turns (forwards from the last: the first).
    await drag(300, 251);
    await expect(shown(carousel)).toBe(2);
    await drag(300, 250);
    await expect(shown(carousel)).toBe(0);
    await expect(litDot(carousel)).toBe(0);
  },
};

/** The dots are buttons: each shows its banner. */
export const Dots: Story = {
  play: async ({ canvasElement, args }) => {
    const carousel = carouselOf(canvasElement);
    const third = within(carousel).getByRole('button', { name: '显示第3张' });
    await expect(third).not.toHaveAttribute('aria-current');
    fireEvent.click(third);
    await tick(500);
    await expect(shown(carousel)).toBe(2);
    await expect(litDot(carousel)).toBe(2);
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(2);
    await expect(within(carousel).getByRole('group', { name: '第3张，共3张' })).toBeInTheDocument();
  },
};

/** Tapping a banner reports it; the click that ends a swipe or a drag does not. */
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
    // A drag too short to turn the banner is not a tap either.
    fireEvent.pointerDown(carousel, { pointerId: 3, clientX: 200, clientY: 90, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(carousel, { pointerId: 3, clientX: 230, clientY: 90, button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(carousel, { pointerId: 3, clientX: 230, clientY: 90, button: 0, pointerType: 'mouse' });
    fireEvent.click(second);
    await tick(500);
    await expect(shown(carousel)).toBe(1);
    await expect(args.onItemClick).toHaveBeenCalledTimes(1);
    // A press that stays put is a tap.
    fireEvent.pointerDown(carousel, { pointerId: 4, clientX: 200, clientY: 90, button: 0, pointerType: 'touch' });
    fireEvent.pointerUp(carousel, { pointerId: 4, clientX: 203, clientY: 91, button: 0, pointerType: 'touch' });
    fireEvent.click(second);
    await expect(args.onItemClick).toHaveBeenLastCalledWith(sampleBanners[1], 1);
    await expect(args.onItemClick).toHaveBeenCalledTimes(2);
  },
};
