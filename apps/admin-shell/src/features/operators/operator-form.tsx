import { OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES, OPERATOR_ROLE_CODES } from '@hall/domain';
import type { OperatorAccount } from '@hall/api/browser';
import { Button, Form, Selector, Switch } from 'antd-mobile';
import { Input } from '@hall/ui';
import { FormError, useFormSubmit } from '../../components/form-submit';

export type OperatorFormMode = 'create' | 'edit' | 'reset';

export interface OperatorFormValues {
  username: string;
  displayName: string;
  roles: string[];
  password: string;
  disabled: boolean;
}

const ROLE_OPTIONS = OPERATOR_ROLE_CODES.map((role) => ({ label: OPERATOR_ROLES[role], value: role }));
const TITLES: Record<OperatorFormMode, string> = { create: '新增账号', edit: '修改账号', reset: '重置密码' };

/**
 * One form for the three changes an administrator makes: a new account (with a temporary password),
 * an account's name, roles and state, and a temporary password for someone who forgot theirs.
 * Answers the hall's refusal in place, keeping everything typed.
 */
export function OperatorForm({
  mode,
  account,
  onSubmit,
  onCancel,
}: {
  mode: OperatorFormMode;
  account?: OperatorAccount;
  onSubmit: (values: OperatorFormValues) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<OperatorFormValues>();
  const { busy, error, run } = useFormSubmit((values: OperatorFormValues) => onSubmit({ ...values, roles: values.roles ?? [], disabled: Boolean(values.disabled) }));
  return (
    <div className="operator-form">
      <h2 className="operator-form__title">
        {TITLES[mode]}
        {account ? `：${account.displayName}（${account.username}）` : ''}
      </h2>
      <Form
        name="operator-form"
        form={form}
        layout="vertical"
        initialValues={{ username: '', displayName: account?.displayName ?? '', roles: account?.roles ?? [], password: '', disabled: account?.disabled ?? false }}
        onFinish={(values) => void run(values)}
        footer={
          <div className="operator-form__buttons">
            <Button block onClick={onCancel}>
              取消
            </Button>
            <Button block type="submit" color="primary" loading={busy}>
              保存
            </Button>
          </div>
        }
      >
        {mode === 'create' && (
          <Form.Item name="username" label="账号" description="3至32位字母、数字、点、下划线或短横线" rules={[{ required: true, message: '请输入账号' }]}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        {mode !== 'reset' && (
          <Form.Item name="displayName" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        {mode !== 'reset' && (
          <Form.Item name="roles" label="角色" rules={[{ required: true, message: '请至少选择一个角色' }]}>
            <Selector multiple columns={2} options={ROLE_OPTIONS} />
          </Form.Item>
        )}
        {mode !== 'edit' && (
          <Form.Item name="password" label="临时密码" description={`至少${OPERATOR_PASSWORD_MIN_LENGTH}位，含字母和数字；本人首次登录后须修改`} rules={[{ required: true, message: '请输入临时密码' }]}>
            <Input autoComplete="new-password" />
          </Form.Item>
        )}
        {mode === 'edit' && (
          <Form.Item name="disabled" label="停用账号" valuePropName="checked" extra="停用后该账号立即退出且不能再登录">
            <Switch />
          </Form.Item>
        )}
      </Form>
      <FormError message={error} />
    </div>
  );
}
