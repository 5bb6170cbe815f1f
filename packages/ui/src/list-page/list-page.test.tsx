import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory, storyTest } from '../testing/run-story';
import * as stories from './list-page.stories';

const all = composeStories(stories);

describe('ListPage', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  storyTest('pages the list five at a time', all.Guides);

  storyTest('searches and starts again at page one', all.Search);

  it('shows the server’s empty message', async () => {
    const canvas = await runStory(all.Empty);
    expect(canvas).toHaveTextContent('暂无相关法律法规');
    expect(canvas.querySelector('nav')).toBeNull();
  });

  it('has a banner of 180 px, a search box, and no pager at five items', async () => {
    const canvas = await runStory(all.OnePage);
    expect(canvas.querySelector('.hall-banner-carousel')).toHaveStyle({ height: '180px' });
    expect(canvas.querySelector('input[type="search"]')).toHaveAttribute('placeholder', '请输入关键字搜索');
    expect(canvas.querySelectorAll('.adm-list-item')).toHaveLength(5);
    expect(canvas.querySelector('nav')).toBeNull();
  });
});
