import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import * as stories from './menu-group.stories';

const { TwoColumns, OneColumn, OddCount, WithoutRemarks, HallHome } = composeStories(stories);

describe('MenuGroup', () => {
  it('is accessible', () => expectStoriesAccessible({ TwoColumns, OneColumn, OddCount, WithoutRemarks, HallHome }));

  it('lays the tiles out in two columns with icon, name and remark, and reports taps', async () => {
    const canvas = await runStory(TwoColumns);
    expect(canvas.querySelector('.adm-grid')).toHaveStyle({ '--columns': '2' });
    expect(canvas.querySelectorAll('.hall-menu-group-icon img')).toHaveLength(4);
  });

  it('lays the tiles out one a row when asked (长辈模式)', async () => {
    const canvas = await runStory(OneColumn);
    expect(canvas.querySelector('.adm-grid')).toHaveStyle({ '--columns': '1' });
    expect(canvas.querySelectorAll('.hall-menu-group-tile')).toHaveLength(4);
  });

  it('leaves out an empty remark', async () => {
    const canvas = await runStory(WithoutRemarks);
    expect(canvas.querySelectorAll('.hall-menu-group-remark')).toHaveLength(0);
    expect(canvas.querySelectorAll('.hall-menu-group-name')).toHaveLength(4);
  });
});
