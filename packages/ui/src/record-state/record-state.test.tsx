import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { RecordState, recordStateView } from './record-state';
import * as stories from './record-state.stories';

const all = composeStories(stories);

describe('RecordState', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  it.each([
    [0, '查询中', 'pending', false],
    [10, '查询中', 'pending', false],
    ['20', '查看', 'highlight', true],
    [20, '查看', 'highlight', true],
    [21, '未查到', 'muted', false],
  ] as const)('certificate record state %j shows %s', (state, label, tone, clickable) => {
    expect(recordStateView('certificate', state)).toEqual({ label, tone, clickable });
  });

  it.each([
    [20, '已返回', true],
    [21, '已返回', true],
    [10, '未返回', false],
    [0, '未返回', false],
    [null, '未返回', false],
  ] as const)('archive request state %j shows %s', (state, label, clickable) => {
    expect(recordStateView('archive', state)).toMatchObject({ label, clickable });
  });

  it('opens a verification record in any state', () => {
    expect(recordStateView('verification', 10).clickable).toBe(true);
    expect(recordStateView('licence', 10).clickable).toBe(false);
  });

  it('offers 查看 as a button and opens the record', async () => {
    await runStory(all.Viewable);
    await runStory(all.RecordList);
  });

  it('is plain text where the record cannot open', () => {
    const onView = vi.fn();
    const { getByText, queryByRole } = render(<RecordState state={10} onView={onView} data-testid="s" />);
    expect(queryByRole('button')).toBeNull();
    expect(getByText('查询中')).toHaveAttribute('data-testid', 's');
  });
});
