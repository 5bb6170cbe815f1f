import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { List } from 'antd-mobile';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { Pager } from './pager';
import { pageSlice } from './pager-items';

const titles = [
  '不动产登记资料查询办事指南',
  '国有建设用地使用权首次登记',
  '房屋所有权转移登记（买卖）',
  '抵押权首次登记（一般抵押）',
  '抵押权注销登记',
  '预告登记（预购商品房）',
  '不动产权证书换证、补证',
  '更正登记办理须知',
  '异议登记办理须知',
  '查封登记协助执行说明',
];

function guides(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `${index + 1}. ${titles[index % titles.length]}`,
  }));
}

/** A pager under the list it pages, as on the guide pages. */
function PagedList({ count, onChange }: { count: number; onChange?: (page: number) => void }) {
  const [page, setPage] = useState(1);
  const items = guides(count);
  return (
    <div style={{ background: '#fff' }}>
      <List header={`办事指南（共 ${count} 条）`}>
        {pageSlice(items, page, 5).map((item) => (
          <List.Item key={item.id} arrowIcon>
            {item.title}
          </List.Item>
        ))}
      </List>
      <Pager
        total={count}
        current={page}
        onChange={(next) => {
          setPage(next);
          onChange?.(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Lists/Pager',
  component: Pager,
  args: { total: 23, onChange: fn() },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Five items or fewer: no pager at all. */
export const FiveItems: Story = {
  args: { total: 5 },
  render: (args) => <PagedList count={args.total} onChange={args.onChange} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText(/^\d+\. /)).toHaveLength(5);
    await expect(within(canvasElement).queryByRole('navigation', { name: '分页' })).toBeNull();
  },
};

/** Six items: two pages of five and one. */
export const TwoPages: Story = {
  args: { total: 6 },
  render: (args) => <PagedList count={args.total} onChange={args.onChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pager = canvas.getByRole('navigation', { name: '分页' });
    await expect(within(pager).getAllByRole('button', { name: /^第\d+页$/ })).toHaveLength(2);
    await expect(canvas.getAllByText(/^\d+\. /)).toHaveLength(5);
    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getAllByText(/^\d+\. /)).toHaveLength(1);
    await expect(canvas.getByText('6. 预告登记（预购商品房）')).toBeInTheDocument();
    await expect(within(pager).getByRole('button', { name: '下一页' })).toBeDisabled();
    await expect(within(pager).getByRole('button', { name: '第2页' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Five pages: every page button, no ellipsis. */
export const FivePages: Story = {
  args: { total: 23 },
  render: (args) => <PagedList count={args.total} onChange={args.onChange} />,
  play: async ({ canvasElement }) => {
    const pager = within(canvasElement).getByRole('navigation', { name: '分页' });
    const pageButtons = within(pager).getAllByRole('button', { name: /^第\d+页$/ });
    await expect(pageButtons.map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await expect(within(pager).queryByText('…')).toBeNull();
    await expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();
  },
};

/** Ten pages: the buttons collapse with ellipses and follow the current page. */
export const ManyPages: Story = {
  args: { total: 48 },
  render: (args) => <PagedList count={args.total} onChange={args.onChange} />,
  play: async ({ canvasElement, args }) => {
    const pager = within(canvasElement).getByRole('navigation', { name: '分页' });
    const shown = () => Array.from(pager.querySelectorAll('li')).map((item) => item.querySelector('button')?.textContent ?? '…');
    await expect(shown()).toEqual(['1', '2', '3', '4', '…', '10']);
    fireEvent.click(within(pager).getByRole('button', { name: '第4页' }));
    await expect(shown()).toEqual(['1', '…', '3', '4', '5', '…', '10']);
    await expect(within(canvasElement).getByText('16. 预告登记（预购商品房）')).toBeInTheDocument();
    fireEvent.click(within(pager).getByRole('button', { name: '第10页' }));
    await expect(shown()).toEqual(['1', '…', '7', '8', '9', '10']);
    await expect(within(canvasElement).getAllByText(/^\d+\. /)).toHaveLength(3);
    fireEvent.click(within(pager).getByRole('button', { name: '上一页' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(9);
    await expect(within(pager).getByRole('button', { name: '第9页' })).toHaveAttribute('aria-current', 'page');
  },
};
