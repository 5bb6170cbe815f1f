import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Input } from 'antd-mobile';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { CountdownButton } from '../countdown-button/countdown-button';
import { PageShell } from '../page-shell/page-shell';
import { tick } from '../testing/clock';
import { FormField, HallForm } from './form-field';

interface DemoProps {
  onFinish: (values: Record<string, string>) => void;
}

/** Setting a login password, as the profile page asks for one. */
function PasswordForm({ onFinish }: DemoProps) {
  return (
    <PageShell title="完善用户信息" onBack={() => undefined}>
      <HallForm
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" style={{ marginTop: 8 }}>
            提交
          </Button>
        }
      >
        <FormField name="name" label="姓名" required maxLength={6}>
          <Input placeholder="请输入姓名" />
        </FormField>
        <FormField name="phone" label="手机号" required minLength={11} maxLength={11} extra={<CountdownButton />}>
          <Input placeholder="请输入手机号" type="tel" />
        </FormField>
        <FormField name="password" label="登录密码" required minLength={6} maxLength={16}>
          <Input placeholder="6位以上的数字和字母" type="password" />
        </FormField>
        <FormField name="confirm" label="确认密码" required sameAs="password">
          <Input placeholder="请再次输入密码" type="password" />
        </FormField>
        <FormField name="remark" label="备注" maxLength={20}>
          <Input placeholder="选填" />
        </FormField>
      </HallForm>
    </PageShell>
  );
}

const meta = {
  title: 'Forms/FormField',
  component: PasswordForm,
  args: { onFinish: fn() },
} satisfies Meta<typeof PasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, before any input. */
export const Empty: Story = {};

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** Each generic message at once: too long, too short, and not the same. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    type(canvas.getByLabelText(/^姓名/), '欧阳不动产登记');
    type(canvas.getByLabelText(/^手机号/), '1380013');
    type(canvas.getByLabelText(/^登录密码/), 'abc12');
    type(canvas.getByLabelText(/^确认密码/), 'abc123');
    fireEvent.click(canvas.getByRole('button', { name: '提交' }));
    await tick(100);
    await expect(canvas.getByText('最多输入6个字符')).toBeInTheDocument();
    await expect(canvas.getByText('至少输入11个字符')).toBeInTheDocument();
    await expect(canvas.getByText('至少输入6个字符')).toBeInTheDocument();
    await expect(canvas.getByText('输入不一致')).toBeInTheDocument();
    await expect(args.onFinish).not.toHaveBeenCalled();
  },
};

/** Each generic message in turn, then a successful submit. */
export const Messages: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    fireEvent.click(canvas.getByRole('button', { name: '提交' }));
    await tick(100);
    await expect(canvas.getAllByText('必填哦')).toHaveLength(4);
    await expect(args.onFinish).not.toHaveBeenCalled();

    type(canvas.getByLabelText(/^姓名/), '张三丰三丰三丰');
    type(canvas.getByLabelText(/^手机号/), '1380013');
    type(canvas.getByLabelText(/^登录密码/), 'abc12');
    type(canvas.getByLabelText(/^确认密码/), 'abc123');
    await tick(100);
    await expect(canvas.getByText('最多输入6个字符')).toBeInTheDocument();
    await expect(canvas.getByText('至少输入11个字符')).toBeInTheDocument();
    await expect(canvas.getByText('至少输入6个字符')).toBeInTheDocument();
    await expect(canvas.getByText('输入不一致')).toBeInTheDocument();

    type(canvas.getByLabelText(/^姓名/), '张三');
    type(canvas.getByLabelText(/^手机号/), '13800138000');
    type(canvas.getByLabelText(/^登录密码/), 'abc123');
    await tick(100);
    // The confirmation is checked again when the password it must equal changes.
    await expect(canvas.queryByText('输入不一致')).toBeNull();
    fireEvent.click(canvas.getByRole('button', { name: '提交' }));
    await tick(100);
    await expect(args.onFinish).toHaveBeenCalledWith({
      name: '张三',
      phone: '13800138000',
      password: 'abc123',
      confirm: 'abc123',
      remark: undefined,
    });
  },
};
