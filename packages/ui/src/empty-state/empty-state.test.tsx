import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HallConfigProvider } from '../locale/locale-context';
import { expectNoAxeViolations } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { EmptyState } from './empty-state';
import * as stories from './empty-state.stories';

const all = composeStories(stories);

describe('EmptyState', () => {
  it('is accessible', async () => {
    for (const story of Object.values(all)) {
      await expectNoAxeViolations(await runStory(story));
    }
  });

  it('says 暂无数据 by default and nothing of antd-mobile’s own texts', async () => {
    const canvas = await runStory(all.Default);
    expect(canvas).toHaveTextContent('暂无数据');
    expect(canvas).not.toHaveTextContent('找找其他的吧');
  });

  it('shows the server’s message, a hint and an action', async () => {
    const canvas = await runStory(all.WithAction);
    expect(canvas).toHaveTextContent('暂无反馈');
    expect(canvas).toHaveTextContent('点击右下角图标添加反馈');
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
