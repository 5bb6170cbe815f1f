import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ApplySteps } from './apply-steps';

const meta = {
  title: 'Application/ApplySteps',
  component: ApplySteps,
  args: { current: 2, withRightsInfo: true },
} satisfies Meta<typeof ApplySteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A fill screen: step 2, 权利信息, 进行中. */
export const RightsInfo: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: '办理进度' });
    const steps = group.querySelectorAll('.adm-step');
    await expect(Array.from(steps, (step) => step.querySelector('.adm-step-title')?.textContent)).toEqual(['业务须知', '权利信息', '上传资料', '完成']);
    await expect(steps[1]).toHaveAttribute('aria-current', 'step');
    await expect(steps[1]).toHaveTextContent('进行中');
    await expect(within(group).getAllByText('进行中')).toHaveLength(1);
  },
};

/** Upload after the fill screens: step 3 of 4. */
export const UploadWithRightsInfo: Story = { args: { current: 3 } };

/** Upload of an appointment-only application: no 权利信息, upload is step 2 of 3. */
export const UploadWithoutRightsInfo: Story = {
  args: { current: 2, withRightsInfo: false },
  play: async ({ canvasElement }) => {
    const steps = canvasElement.querySelectorAll('.adm-step');
    await expect(Array.from(steps, (step) => step.querySelector('.adm-step-title')?.textContent)).toEqual(['业务须知', '上传资料', '完成']);
    await expect(steps[1]).toHaveTextContent('进行中');
  },
};

/** The guide: step 1. */
export const Notice: Story = { args: { current: 1 } };
