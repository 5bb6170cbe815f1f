import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Space } from 'antd-mobile';
import { expect, fireEvent, within } from 'storybook/test';
import { tick } from '../testing/clock';
import { showAlert, showConfirm, showErrorToast, showLoading, showSuccess, showWarning } from './feedback';

/** Buttons that open each kind of feedback, and a line that says how it ended. */
function FeedbackDemo() {
  const [result, setResult] = useState('');
  return (
    <div style={{ padding: 16 }}>
      <Space direction="vertical" block>
        <Button block onClick={() => void showAlert('提交失败').then(() => setResult('提示已关闭'))}>
          提示
        </Button>
        <Button block onClick={() => void showWarning('您未实名认证，请实名认证后再办理业务').then(() => setResult('警告已关闭'))}>
          警告
        </Button>
        <Button block color="danger" onClick={() => void showConfirm('确定执行删除操作？').then((ok) => setResult(ok ? '已确定' : '已取消'))}>
          删除申请
        </Button>
        <Button
          block
          onClick={() => {
            const hideFirst = showLoading();
            const hideSecond = showLoading();
            setTimeout(hideFirst, 1000);
            setTimeout(() => {
              hideSecond();
              setResult('加载完成');
            }, 2000);
          }}
        >
          加载数据
        </Button>
        <Button block onClick={() => showErrorToast('必填哦')}>
          输入有误
        </Button>
        <Button block onClick={() => showSuccess('已保存')}>
          保存
        </Button>
      </Space>
      <p role="status" style={{ color: '#5c6470' }}>
        {result}
      </p>
    </div>
  );
}

const meta = {
  title: 'Feedback/Dialogs and toasts',
  component: FeedbackDemo,
} satisfies Meta<typeof FeedbackDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** antd-mobile mounts dialogs and toasts in a root of their own, a moment after the call. */
const OPEN_MS = 100;
/** …and unmounts them once their closing animation has run. */
const CLOSE_MS = 600;

/** All the buttons, nothing open. */
export const Overview: Story = {};

/** An alert titled 提示 with one 确定. */
export const Alert: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '提示' }));
    await tick(OPEN_MS);
    const dialog = page().getByRole('dialog', { name: '提示' });
    await expect(within(dialog).getByText('提交失败')).toBeInTheDocument();
    await expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['确定']);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await tick(CLOSE_MS);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('提示已关闭');
  },
};

/** The same alert titled 警告. */
export const Warning: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '警告' }));
    await tick(OPEN_MS);
    const dialog = page().getByRole('dialog', { name: '警告' });
    await expect(within(dialog).getByText('您未实名认证，请实名认证后再办理业务')).toBeInTheDocument();
  },
};

/** A question titled 提示 with 取消 and 确定. */
export const Confirm: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    fireEvent.click(within(canvasElement).getByRole('button', { name: '删除申请' }));
    await tick(OPEN_MS);
    let dialog = page().getByRole('dialog', { name: '提示' });
    await expect(within(dialog).getByText('确定执行删除操作？')).toBeInTheDocument();
    await expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['取消', '确定']);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await tick(CLOSE_MS);
    await expect(status).toHaveTextContent('已取消');
    fireEvent.click(within(canvasElement).getByRole('button', { name: '删除申请' }));
    await tick(OPEN_MS);
    dialog = page().getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await tick(CLOSE_MS);
    await expect(status).toHaveTextContent('已确定');
  },
};

/** 加载中 stays while any load runs. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '加载数据' }));
    await tick(OPEN_MS);
    await expect(page().getByText('加载中')).toBeInTheDocument();
    // One load has ended at 1000 ms, the other still runs.
    await tick(1100 - OPEN_MS);
    await expect(page().getByText('加载中')).toBeInTheDocument();
    await tick(900 + CLOSE_MS);
    await expect(page().queryByText('加载中')).toBeNull();
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('加载完成');
  },
};

/** A generic input error shows for 600 ms. */
export const ErrorToast: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '输入有误' }));
    await tick(OPEN_MS);
    await expect(page().getByText('必填哦')).toBeInTheDocument();
    await tick(550 - OPEN_MS);
    await expect(page().getByText('必填哦')).toBeInTheDocument();
    await tick(50 + CLOSE_MS);
    await expect(page().queryByText('必填哦')).toBeNull();
  },
};

/** A done action: its words beside the success tick, gone after the toast's time. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '保存' }));
    await tick(OPEN_MS);
    await expect(page().getByText('已保存')).toBeInTheDocument();
    await expect(document.querySelector('.adm-toast-icon')).not.toBeNull();
    await tick(2000 + CLOSE_MS);
    await expect(page().queryByText('已保存')).toBeNull();
  },
};
