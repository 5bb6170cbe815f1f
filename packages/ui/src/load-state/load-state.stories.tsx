import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState, LoadingState } from './load-state';

const meta = {
  title: 'Feedback/LoadState',
  component: ErrorState,
  args: { message: '网络连接失败，请检查网络后重试', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The network failed: its message and 重新加载, which loads again. */
export const Failed: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('网络连接失败，请检查网络后重试');
    await userEvent.click(canvas.getByRole('button', { name: '重新加载' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The operator's screens head the message with 加载失败. */
export const FailedWithTitle: Story = { args: { title: '加载失败', message: '未找到该申请' } };

/** Waiting for the server. */
export const Loading: Story = { render: () => <LoadingState /> };
