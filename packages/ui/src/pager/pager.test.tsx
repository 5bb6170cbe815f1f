import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaults } from '../defaults';
import { expectNoAxeViolations } from '../testing/axe';
import { runStory, storyTest } from '../testing/run-story';
import { Pager } from './pager';
import { pageCount, pageSlice, pagerItems } from './pager-items';
import * as stories from './pager.stories';

const { FiveItems, TwoPages, FivePages, ManyPages } = composeStories(stories);

const labels = (current: number, pages: number) => pagerItems(current, pages, 5).map((item) => (item.type === 'page' ? String(item.page) : '…'));

describe('Pager', () => {
  it('is accessible', async () => {
    await expectNoAxeViolations(await runStory(FivePages));
    await expectNoAxeViolations(await runStory(ManyPages));
  });

  it('pages by the specification: 5 a page, collapsing beyond 5 pages', () => {
    expect(defaults.pager).toEqual({ pageSize: 5, maxPageButtons: 5 });
  });

  it('is hidden with 5 items or fewer', async () => {
    await runStory(FiveItems);
    const { container } = render(<Pager total={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  storyTest('moves between two pages', TwoPages);

  storyTest('shows every page up to five', FivePages);

  storyTest('collapses with ellipses beyond five pages', ManyPages);

  it('computes page counts and slices', () => {
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(25, 5)).toBe(5);
    expect(pageCount(0, 5)).toBe(1);
    expect(pageSlice([1, 2, 3, 4, 5, 6, 7], 2, 5)).toEqual([6, 7]);
    expect(pageSlice([1, 2, 3], 9, 5)).toEqual([1, 2, 3]);
  });

  it.each([
    [1, 5, ['1', '2', '3', '4', '5']],
    [3, 6, ['1', '2', '3', '4', '…', '6']],
    [4, 6, ['1', '…', '3', '4', '5', '6']],
    [1, 10, ['1', '2', '3', '4', '…', '10']],
    [5, 10, ['1', '…', '4', '5', '6', '…', '10']],
    [8, 10, ['1', '…', '7', '8', '9', '10']],
    [10, 10, ['1', '…', '7', '8', '9', '10']],
  ])('page %i of %i shows %j', (current, pages, expected) => {
    expect(labels(current, pages)).toEqual(expected);
  });
});
