import { OPERATOR_PASSWORD_MIN_LENGTH, operatorPasswordProblem } from '@hall/domain';
import { errcodeOk, replyMessage } from '@hall/api/browser';
import { Button, Form } from 'antd-mobile';
import { Input, showSuccess } from '@hall/ui';
import { useNavigate } from 'react-router';
import { FormError, useFormSubmit } from '../../components/form-submit';
import { api } from '../../lib/hall';
import { useShell } from '../../stores/shell';
import { paths } from '../../config/paths';
import { ConsolePage } from '../../components/console-page';

interface PasswordFields {
  current: string;
  next: string;
  repeat: string;
}

/** 修改密码: required before anything else while the password is temporary (new account, reset). */
export function PasswordChangePage() {
  const { me, setMe, refresh } = useShell();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordFields>();
  const temporary = Boolean(me?.mustChangePassword);
  const { busy, error, run } = useFormSubmit(async (values: PasswordFields) => {
    const reply = await api.changeOperatorPassword({ current: values.current, next: values.next });
    if (!errcodeOk(reply) || !reply.data) return replyMessage(reply);
    setMe(reply.data);
    void refresh();
    showSuccess('密码已修改');
    navigate(paths.home, { replace: true });
    return null;
  });

  return (
    // A temporary password leads nowhere else until it is changed: no back arrow then.
    <ConsolePage title="修改密码" onBack={temporary ? null : () => navigate(paths.my)}>
      {temporary && <p className="shell-note">{'您正在使用临时密码，请先设置自己的新密码。'}</p>}
      <Form
        name="password"
        form={form}
        layout="vertical"
        onFinish={(values) => void run(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            保存新密码
          </Button>
        }
      >
        <Form.Item name="current" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input type="password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label="新密码"
          extra={`至少${OPERATOR_PASSWORD_MIN_LENGTH}位，含字母和数字`}
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: async (_, value: string) => {
                const problem = value ? operatorPasswordProblem(value, me?.username ?? '') : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label="再次输入新密码"
          dependencies={['next']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('next')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </ConsolePage>
  );
}
export { PasswordChangePage as Component };
