import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from 'antd-mobile';
import { expect, within } from 'storybook/test';
import { sampleIcon } from '../testing/fixtures';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No data: 暂无数据, under the outline of an empty tray. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('暂无数据')).toBeInTheDocument();
    await expect(canvasElement.querySelector('.hall-empty-state-image svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** The progress query found nothing. */
export const NoResult: Story = {
  args: { description: '查询无数据', hint: '请核对申请编号后重新查询' },
};

/** The feedback list before any feedback: a hint and the way to add one. */
export const WithAction: Story = {
  args: {
    description: '暂无反馈',
    hint: '点击右下角图标添加反馈',
    children: (
      <Button color="primary" size="small">
        我要反馈
      </Button>
    ),
  },
};

/** A picture of the caller's in place of the tray. */
export const CustomImage: Story = {
  args: {
    description: '暂无证照',
    image: sampleIcon('certificate', '#b8bec8'),
  },
};

/** A whole page with nothing to show. */
export const FullPage: Story = { args: { fullPage: true, description: '暂无办理记录' } };
