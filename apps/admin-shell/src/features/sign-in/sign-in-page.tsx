import { Button, Form } from 'antd-mobile';
import { Input } from '@hall/ui';
import { FormError, useFormSubmit } from '../../components/form-submit';
import { useShell, WECHAT_SIGN_IN_FLAG } from '../../stores/shell';
import './sign-in-page.css';

interface SignInFields {
  username: string;
  password: string;
}

/** The console's sign-in: account and password, or the WeChat bound to the account (on the phone). */
export function SignInPage() {
  const { signIn, message } = useShell();
  const [form] = Form.useForm<SignInFields>();
  const { busy, error, run } = useFormSubmit((values: SignInFields) => signIn(values.username.trim(), values.password));

  return (
    <main className="sign-in">
      <h1 className="sign-in__title">
        不动产登记网上办事大厅
        <small>管理端登录</small>
      </h1>
      <Form
        name="sign-in"
        form={form}
        layout="vertical"
        onFinish={(values) => void run(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} loadingText="登录中">
            登录
          </Button>
        }
      >
        <Form.Item name="username" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
          <Input placeholder="请输入账号" autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input type="password" placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
      </Form>
      {/* Why the last sign-in was refused, or why the console signed out (an idle hour). */}
      <FormError message={error ?? message} />
      <p className="sign-in__wechat">
        已绑定微信的管理人员，可在微信中打开本页，或
        <a href={`/admin/?${WECHAT_SIGN_IN_FLAG}=1`}>使用微信登录</a>
      </p>
      <p className="sign-in__hint">忘记密码或账号被锁定，请联系系统管理员重置。</p>
    </main>
  );
}
