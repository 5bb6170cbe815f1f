import type { Meta, StoryObj } from '@storybook/react-vite';
import { List } from 'antd-mobile';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { RecordState } from './record-state';

const meta = {
  title: 'Records/RecordState',
  component: RecordState,
  args: { state: 20, onView: fn() },
} satisfies Meta<typeof RecordState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 0 or 10: the registry has not answered yet. */
export const Querying: Story = { args: { state: 10 } };

/** 20: highlighted, opens the PDF. */
export const Viewable: Story = {
  args: { state: 20 },
  play: async ({ canvasElement, args }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '查看' }));
    await expect(args.onView).toHaveBeenCalledTimes(1);
  },
};

/** 21: nothing was found. */
export const NotFound: Story = { args: { state: 21 } };

/** Archive-query requests: 20 or 21 returned. */
export const ArchiveReturned: Story = { args: { state: 21, variant: 'archive' } };

/** Archive-query requests: anything else not yet returned. */
export const ArchiveNotReturned: Story = { args: { state: 10, variant: 'archive' } };

const records = [
  { ID: 'CX20240611001', searchtime: '2024-06-11 09:12:40', state: 20 },
  { ID: 'CX20240611002', searchtime: '2024-06-11 10:03:18', state: 10 },
  { ID: 'CX20240610017', searchtime: '2024-06-10 15:47:02', state: 21 },
  { ID: 'CX20240609008', searchtime: '2024-06-09 08:30:55', state: 0 },
];

/** The certificate query results page (/record): query number, time and state. */
export const RecordList: Story = {
  render: (args) => (
    <List header="查询记录">
      {records.map((record) => (
        <List.Item key={record.ID} description={`查询时间：${record.searchtime}`} extra={<RecordState state={record.state} onView={args.onView} />}>
          查询编号：{record.ID}
        </List.Item>
      ))}
    </List>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('查询中')).toHaveLength(2);
    await expect(canvas.getByText('未查到').tagName).toBe('SPAN');
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(canvas.getByRole('button', { name: '查看' }));
    await expect(args.onView).toHaveBeenCalledTimes(1);
  },
};
