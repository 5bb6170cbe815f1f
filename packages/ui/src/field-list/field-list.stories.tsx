import { APPLICANT_FIELD_LABELS, applicantRecordFields, rightsRecordFields } from '@hall/domain/record-fields';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FieldList } from './field-list';

const meta = {
  title: 'Data/FieldList',
  component: FieldList,
} satisfies Meta<typeof FieldList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An obligor with only the required fields filled in. */
const blank = Object.fromEntries(Object.keys(APPLICANT_FIELD_LABELS).map((field) => [field, ''])) as Record<keyof typeof APPLICANT_FIELD_LABELS, string>;
const person = applicantRecordFields({ ...blank, sqr_lx: '1', sqr_name: '郑抵押', sqr_tel: '13900000001', sqr_zjlx: '1', sqr_zjh: '110101198001010010', sqr_gyfs: '0' });

/** The citizen's preview of an applicant: every line, — where nothing was filled in. */
export const Applicant: Story = {
  args: { fields: person, 'aria-label': '申请人信息' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('义务人')).toBeInTheDocument();
    await expect(canvas.getAllByText('—').length).toBeGreaterThan(0);
  },
};

/** The operator's view of a mortgage: only what was filled in, amounts with their unit. */
export const FilledOnly: Story = {
  args: {
    fields: rightsRecordFields({ id: '1', savetype: '3', dyfs: '1', bdbzzqse: '80', dbfw: '主债权及利息', fj: '' }),
    hideBlank: true,
  },
};

/** Nothing filled in yet. */
export const Empty: Story = {
  args: { fields: [['地址', '']], hideBlank: true, empty: '未填写' },
};

/** A booking's few lines on a card, one a line, with a tag for a value. */
export const Rows: Story = {
  args: {
    layout: 'rows',
    fields: [
      ['办事大厅', '邯郸市不动产登记中心'],
      ['预约时间', '2026-11-27 09:00-10:00'],
      ['状态', <strong key="state">已取号</strong>],
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('已取号').tagName).toBe('STRONG');
    await expect(canvasElement.querySelector('dl')).toHaveClass('hall-field-list--rows');
  },
};
