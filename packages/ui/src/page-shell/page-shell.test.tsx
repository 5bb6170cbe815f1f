import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { storyTest } from '../testing/run-story';
import { PageShell } from './page-shell';
import * as stories from './page-shell.stories';

const all = composeStories(stories);

describe('PageShell', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  storyTest('goes back from the arrow', all.WithBack);

  storyTest('refreshes from the right icon', all.WithRefresh);

  storyTest('has no back arrow on a top-level page', all.TopLevel);

  it('takes any icon button on the right and passes native props through', () => {
    const onClick = vi.fn();
    const { getByRole, container } = render(
      <PageShell title="电子证照查询" action={{ label: '查询记录', icon: '≡', onClick }} className="x" data-page="dzzz">
        内容
      </PageShell>,
    );
    getByRole('button', { name: '查询记录' }).click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(container.firstElementChild).toHaveClass('hall-page-shell', 'x');
    expect(container.firstElementChild).toHaveAttribute('data-page', 'dzzz');
  });
});
