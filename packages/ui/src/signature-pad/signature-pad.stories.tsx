import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

const meta = {
  title: 'Forms/SignaturePad',
  component: SignaturePad,
  args: { onEmptyChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: '#f5f6f8' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty pad, 350 × 400, with its hint. */
export const Empty: Story = {};

/** A stroke drawn with the mouse (pointer events): the pad is no longer empty. */
export const Drawn: Story = {
  play: async ({ canvasElement, args }) => {
    const pad = within(canvasElement).getByRole('img', { name: '签名区域' });
    fireEvent.pointerDown(pad, { clientX: 20, clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 120, clientY: 80, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 120, clientY: 80, pointerId: 1 });
    await expect(args.onEmptyChange).toHaveBeenCalledWith(false);
  },
};

function WithActions() {
  const pad = useRef<SignaturePadHandle>(null);
  const [state, setState] = useState('未签名');
  return (
    <div>
      <SignaturePad ref={pad} onEmptyChange={(empty) => setState(empty ? '未签名' : '已签名')} />
      <p role="status">{state}</p>
      <button type="button" onClick={() => pad.current?.clear()}>
        清除
      </button>
    </div>
  );
}

/** Clear wipes the pad and reports it empty again. */
export const Cleared: Story = {
  render: () => <WithActions />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pad = canvas.getByRole('img', { name: '签名区域' });
    fireEvent.pointerDown(pad, { clientX: 30, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await expect(canvas.getByRole('status')).toHaveTextContent('已签名');
    fireEvent.click(canvas.getByRole('button', { name: '清除' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('未签名');
  },
};
