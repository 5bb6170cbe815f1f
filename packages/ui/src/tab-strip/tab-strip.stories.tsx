import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, within } from 'storybook/test';
import { TabStrip } from './tab-strip';

const REVIEW_TABS = [
  { key: 'pending', title: '待审核' },
  { key: 'approved', title: '已通过' },
  { key: 'rejected', title: '已驳回' },
  { key: 'all', title: '全部' },
] as const;
type Tab = (typeof REVIEW_TABS)[number]['key'];

/** The tabs above a list, the list saying which tab is chosen, as on 我的申请. */
function TabbedList() {
  const [tab, setTab] = useState<Tab>('pending');
  const label = REVIEW_TABS.find((item) => item.key === tab)!.title;
  return (
    <div style={{ background: '#f5f6f7', minHeight: 200 }}>
      <TabStrip tabs={REVIEW_TABS} activeKey={tab} onChange={setTab} aria-label="申请状态" />
      <div role="tabpanel" aria-label={label} style={{ padding: 16 }}>
        {label}的申请
      </div>
    </div>
  );
}

const meta = {
  title: 'Lists/Tab strip',
  component: TabbedList,
} satisfies Meta<typeof TabbedList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A tap chooses a tab; the arrow keys, Home and End move along the row and wrap round. */
export const ReviewTabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const selected = () => canvas.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
    await expect(canvas.getByRole('tablist', { name: '申请状态' })).toBeInTheDocument();
    await expect(selected().map((tab) => tab.textContent)).toEqual(['待审核']);

    fireEvent.click(canvas.getByRole('tab', { name: '已驳回' }));
    await expect(selected().map((tab) => tab.textContent)).toEqual(['已驳回']);
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('已驳回的申请');

    fireEvent.keyDown(canvas.getByRole('tab', { name: '已驳回' }), { key: 'ArrowRight' });
    await expect(selected().map((tab) => tab.textContent)).toEqual(['全部']);
    await expect(canvas.getByRole('tab', { name: '全部' })).toHaveFocus();
    fireEvent.keyDown(canvas.getByRole('tab', { name: '全部' }), { key: 'ArrowRight' });
    await expect(selected().map((tab) => tab.textContent)).toEqual(['待审核']);
    fireEvent.keyDown(canvas.getByRole('tab', { name: '待审核' }), { key: 'End' });
    await expect(selected().map((tab) => tab.textContent)).toEqual(['全部']);
    // Only the chosen tab is in the Tab order; the arrows reach the others.
    await expect(canvas.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, 0]);
  },
};
