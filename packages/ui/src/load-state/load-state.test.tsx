import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HallConfigProvider } from '../locale/locale-context';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { ErrorState, LoadingState } from './load-state';
import * as stories from './load-state.stories';

const all = composeStories(stories);

describe('LoadingState and ErrorState', () => {
  it('are accessible', () => expectStoriesAccessible(all));

  it('announce 加载中 politely', async () => {
    const canvas = await runStory(all.Loading);
    const status = canvas.querySelector('[role="status"]');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(/^加载中$/);
  });

  it('head the message with a title when given', async () => {
    const canvas = await runStory(all.FailedWithTitle);
    expect(canvas.querySelector('.hall-empty-state-description')).toHaveTextContent(/^加载失败$/);
    expect(canvas.querySelector('.hall-empty-state-hint')).toHaveTextContent(/^未找到该申请$/);
  });

  it('show what comes below the text, and fill the page when asked', () => {
    const { container } = render(
      <>
        <LoadingState>
          <progress value={40} max={100} />
        </LoadingState>
        <ErrorState message="文件加载失败" fullPage onRetry={() => {}} />
      </>,
    );
    expect(container.querySelector('.hall-load-state > progress')).toHaveAttribute('value', '40');
    expect(container.querySelector('.hall-empty-state')).toHaveClass('hall-empty-state-full-page');
  });

  it('pass native props through and take changed texts from the provider', () => {
    const { container } = render(
      <HallConfigProvider messages={{ loadState: { loading: '请稍候', retry: '再试一次' } }}>
        <LoadingState className="extra" data-testid="loading" />
        <ErrorState message="出错了" onRetry={() => {}} className="failed" />
      </HallConfigProvider>,
    );
    expect(container.querySelector('[data-testid="loading"]')).toHaveClass('hall-load-state', 'extra');
    expect(container).toHaveTextContent('请稍候');
    expect(container.querySelector('.failed')).toHaveAttribute('role', 'alert');
    expect(container.querySelector('button')).toHaveTextContent('再试一次');
  });
});
