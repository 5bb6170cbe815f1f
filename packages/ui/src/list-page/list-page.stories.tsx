import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { PageShell } from '../page-shell/page-shell';
import { sampleBanners, sampleGuides } from '../testing/fixtures';
import { ListPage, type ListPageItem } from './list-page';

/** A guide page as the app builds it: the search goes to the server, here a filter. */
function GuidePage({
  items,
  onSearch,
  onItemClick,
  emptyText,
}: {
  items: readonly ListPageItem[];
  onSearch?: (value: string) => void;
  onItemClick?: (item: ListPageItem) => void;
  emptyText?: string;
}) {
  const [search, setSearch] = useState('');
  const shown = items.filter((item) => item.title.includes(search));
  return (
    <PageShell title="办事指南" onBack={() => undefined}>
      <ListPage
        title="办事指南"
        banners={sampleBanners}
        items={shown}
        emptyText={emptyText}
        onItemClick={onItemClick}
        onSearch={(value) => {
          setSearch(value);
          onSearch?.(value);
        }}
      />
    </PageShell>
  );
}

const meta = {
  title: 'Lists/ListPage',
  component: GuidePage,
  args: { items: sampleGuides, onSearch: fn(), onItemClick: fn() },
} satisfies Meta<typeof GuidePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const shownTitles = (canvasElement: HTMLElement) =>
  Array.from(within(canvasElement).getByRole('region', { name: '办事指南列表' }).querySelectorAll('.adm-list-item-content-main'), (item) => item.textContent);

/** Twelve guides: five a page, three pages. */
export const Guides: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(shownTitles(canvasElement)).toHaveLength(5);
    const pager = canvas.getByRole('navigation', { name: '分页' });
    await expect(within(pager).getAllByRole('button', { name: /^第\d+页$/ })).toHaveLength(3);
    fireEvent.click(within(pager).getByRole('button', { name: '第3页' }));
    await expect(shownTitles(canvasElement)).toEqual(['夫妻间不动产权属变更登记', '最高额抵押权首次登记']);
    fireEvent.click(canvas.getByText('最高额抵押权首次登记'));
    await expect(args.onItemClick).toHaveBeenCalledWith(sampleGuides[11]);
  },
};

/** A search narrows the list, starts again at page one, and hides the pager at five or fewer. */
export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    fireEvent.click(within(canvas.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '第2页' }));
    const input = canvas.getByRole('searchbox');
    fireEvent.change(input, { target: { value: '抵押' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await expect(args.onSearch).toHaveBeenCalledWith('抵押');
    await expect(shownTitles(canvasElement)).toEqual(['抵押权首次登记（一般抵押）', '抵押权注销登记', '最高额抵押权首次登记']);
    await expect(canvas.queryByRole('navigation', { name: '分页' })).toBeNull();
    fireEvent.change(input, { target: { value: '查封' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await expect(canvas.getByText('暂无数据')).toBeInTheDocument();
  },
};

/** Nothing to list: the server's message. */
export const Empty: Story = { args: { items: [], emptyText: '暂无相关法律法规' } };

/** Five items exactly: no pager. */
export const OnePage: Story = { args: { items: sampleGuides.slice(0, 5) } };
