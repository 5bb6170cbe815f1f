import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { tick } from '../testing/clock';
import { CountdownButton } from './countdown-button';

const meta = {
  title: 'Forms/CountdownButton',
  component: CountdownButton,
  args: { onSend: fn(() => true) },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: '#fff', display: 'flex', alignItems: 'center', gap: 12 }}>
        <span style={{ flex: 1, color: '#8a919c' }}>请输入验证码</span>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CountdownButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Taps 获取验证码 and lets the send handler answer; returns the button. */
async function tapToSend(canvasElement: HTMLElement): Promise<HTMLElement> {
  const button = within(canvasElement).getByRole('button', { name: '获取验证码' });
  fireEvent.click(button);
  await tick(0);
  return button;
}

/** Before first use: 获取验证码, enabled. */
export const Idle: Story = {};

/** Tapped: the code is sent and a 60 s countdown runs, the button disabled. */
export const Counting: Story = {
  play: async ({ canvasElement, args }) => {
    const button = await tapToSend(canvasElement);
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(button).toHaveTextContent('60秒后重新获取');
    await expect(button).toBeDisabled();
    await tick(1000);
    await expect(button).toHaveTextContent('59秒后重新获取');
    // A tap while counting requests nothing.
    fireEvent.click(button);
    await tick(0);
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

/** After 60 s: 重新获取, enabled again, and a new code starts a new countdown. */
export const Resend: Story = {
  play: async ({ canvasElement, args }) => {
    const button = await tapToSend(canvasElement);
    await tick(59_000);
    await expect(button).toHaveTextContent('1秒后重新获取');
    await expect(button).toBeDisabled();
    await tick(1000);
    await expect(button).toHaveTextContent('重新获取');
    await expect(button).not.toHaveTextContent('秒');
    await expect(button).toBeEnabled();
    fireEvent.click(button);
    await tick(0);
    await expect(args.onSend).toHaveBeenCalledTimes(2);
    await expect(button).toHaveTextContent('60秒后重新获取');
  },
};

/** The send failed (the handler returned false): no countdown, the button stays ready. */
export const SendFails: Story = {
  args: { onSend: fn(() => false) },
  play: async ({ canvasElement, args }) => {
    const button = await tapToSend(canvasElement);
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(button).toHaveTextContent('获取验证码');
    await expect(button).toBeEnabled();
  },
};

/** Disabled from outside, e.g. until the mobile number is valid. */
export const Disabled: Story = {
  args: { disabled: true },
};
