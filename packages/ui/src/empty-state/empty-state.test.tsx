import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HallConfigProvider } from '../locale/locale-context';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { EmptyState } from './empty-state';
import * as stories from './empty-state.stories';

const all = composeStories(stories);

describe('EmptyState', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  it('says 暂无数据 by default and nothing else', async () => {
    const canvas = await runStory(all.Default);
    expect(canvas.querySelector('.hall-empty-state-description')).toHaveTextContent(/^暂无数据$/);
    expect(canvas.querySelector('.hall-empty-state-hint')).toBeNull();
    expect(canvas).not.toHaveTextContent('找找其他的吧');
  });

  it('draws a small inline tray in the weak colour, and no antd-mobile block', async () => {
    const canvas = await runStory(all.Default);
    const tray = canvas.querySelector('.hall-empty-state-image > svg') as SVGElement;
    expect(tray).toHaveAttribute('stroke', 'currentColor');
    expect(tray.outerHTML.length).toBeLessThan(800);
    expect(canvas.querySelector('[class*="adm-"]')).toBeNull();
    expect(readFileSync(join(__dirname, 'empty-state.css'), 'utf8')).toMatch(/\.hall-empty-state-image \{[^}]*color: var\(--hall-color-weak\)/);
  });

  it('puts a given picture in place of the tray', async () => {
    const canvas = await runStory(all.CustomImage);
    expect(canvas.querySelector('.hall-empty-state-image svg')).toBeNull();
    expect(canvas.querySelector('.hall-empty-state-image > img')).toHaveAttribute('alt', '');
    const { container } = render(<EmptyState image={<span data-testid="own" />} />);
    expect(container.querySelector('.hall-empty-state-image')?.innerHTML).toBe('<span data-testid="own"></span>');
  });

  it('fills the page when asked', async () => {
    const canvas = await runStory(all.FullPage);
    expect(canvas.querySelector('.hall-empty-state')).toHaveClass('hall-empty-state-full-page');
    expect(canvas).toHaveTextContent('暂无办理记录');
  });

  it('shows the server’s message, a hint and an action', async () => {
    const canvas = await runStory(all.WithAction);
    expect(canvas).toHaveTextContent('暂无反馈');
    expect(canvas.querySelector('.hall-empty-state-hint')).toHaveTextContent('点击右下角图标添加反馈');
    expect(canvas.querySelector('button')).toHaveTextContent('我要反馈');
  });

  it('passes native props through and takes changed texts from the provider', () => {
    const { container } = render(
      <HallConfigProvider messages={{ emptyState: { description: '没有记录' } }}>
        <EmptyState className="extra" style={{ marginTop: 8 }} data-testid="empty" aria-live="polite" />
      </HallConfigProvider>,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('hall-empty-state', 'extra');
    expect(root).toHaveStyle({ marginTop: '8px' });
    expect(root).toHaveAttribute('data-testid', 'empty');
    expect(root).toHaveAttribute('aria-live', 'polite');
    expect(root).toHaveTextContent('没有记录');
  });
});
