import { OIDC_SIGN_IN_FAILURES, OIDC_SIGN_IN_PATH, replyMessage, stateOk, type OidcSignInFailure } from '@hall/api/browser';
import { submitWithFeedback } from '@hall/app';
import { isMobileNumber, PASSWORD_PLACEHOLDER, SMS_COUNTDOWN_SECONDS, validatePassword, VALIDATION_MESSAGES } from '@hall/domain';
import { safeRedirectPath } from '@hall/domain/internal';
import { CountdownButton, EmptyState, ErrorState, Input, LoadingState, PageShell, showAlert, TabStrip } from '@hall/ui';
import { Button, List } from 'antd-mobile';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormCard } from '../../components/form-card';
import { api } from '../../lib/api';
import './sign-in.css';

type FormMethod = 'sms' | 'password';
type Method = FormMethod | 'oidc';
type Mode = FormMethod | 'reset';

const TITLES: Record<Mode, string> = { sms: '手机验证码登录', password: '密码登录', reset: '忘记密码' };
const OIDC_TITLE = '统一身份认证登录';
const CODE_SEND_FAILED = '验证码发送失败，请稍后再试';
const SIGN_IN_FAILED = '登录失败，请稍后再试';
const ACCOUNT_MISSING = '请输入手机号或账号';
const PASSWORD_MISSING = '请输入密码';

interface Start {
  ticket: string;
  methods: Method[];
}

/**
 * /login: signing in without WeChat (手机验证码登录, 密码登录, 忘记密码), where a browser other than
 * WeChat's is sent when it has no session. A phone new to the hall is registered by its first code;
 * the profile and the face check follow as for every citizen. Once signed in, the page the citizen
 * was going to opens afresh, so the hall starts with the new session.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const [start, setStart] = useState<Start | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('sms');

  const load = useCallback(async () => {
    setFailed(null);
    try {
      const reply = await api.webSignInStart({});
      if (!stateOk(reply) || !reply.data) throw new Error(replyMessage(reply));
      setStart(reply.data);
      if (!reply.data.methods.includes('sms') && reply.data.methods.includes('password')) setMode('password');
    } catch {
      setFailed('登录页面加载失败，请检查网络后重新加载');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const redirect = safeRedirectPath(params.get('redirect'));
  const done = () => window.location.replace(redirect);
  const methods = start?.methods ?? [];
  const formMethods = methods.filter((method): method is FormMethod => method !== 'oidc');
  const oidcFailure = oidcFailureOf(params.get('oidc'));

  return (
    <PageShell title={TITLES[mode]} onBack={mode === 'reset' ? () => setMode('password') : undefined} className="hall-sign-in">
      {failed ? (
        <ErrorState message={failed} onRetry={() => void load()} />
      ) : !start ? (
        <LoadingState />
      ) : methods.length === 0 ? (
        <EmptyState description="本办事大厅未开通网页登录" hint="请在微信中从公众号菜单进入办事大厅" />
      ) : (
        <>
          <p className="hall-sign-in__intro">不动产登记网上办事大厅</p>
          {oidcFailure ? (
            <p className="hall-sign-in__notice" role="alert">
              {OIDC_SIGN_IN_FAILURES[oidcFailure]}
            </p>
          ) : null}
          {mode !== 'reset' && formMethods.length > 1 ? (
            <TabStrip className="hall-sign-in__tabs" tabs={formMethods.map((method) => ({ key: method, title: TITLES[method] }))} activeKey={mode} onChange={(key) => setMode(key)} />
          ) : null}
          {mode === 'sms' && formMethods.includes('sms') ? <SmsForm ticket={start.ticket} onSignedIn={done} /> : null}
          {mode === 'password' && formMethods.includes('password') ? <PasswordForm ticket={start.ticket} onSignedIn={done} onForgot={() => setMode('reset')} /> : null}
          {mode === 'reset' ? <ResetForm ticket={start.ticket} onSignedIn={done} /> : null}
          {mode !== 'reset' && methods.includes('oidc') ? <UnifiedIdentityEntry redirect={redirect} alone={formMethods.length === 0} /> : null}
        </>
      )}
    </PageShell>
  );
}

function oidcFailureOf(value: string | null): OidcSignInFailure | null {
  return value && Object.hasOwn(OIDC_SIGN_IN_FAILURES, value) ? (value as OidcSignInFailure) : null;
}

/**
 * 统一身份认证登录: a plain link, since the sign-in is a navigation through the province's page and
 * back; the hall then opens the page the citizen was going to.
 */
function UnifiedIdentityEntry({ redirect, alone }: { redirect: string; alone: boolean }) {
  const href = `${OIDC_SIGN_IN_PATH}?${new URLSearchParams({ redirect }).toString()}`;
  return (
    <section className="hall-sign-in__other" aria-label={OIDC_TITLE}>
      {alone ? null : <p className="hall-sign-in__divider">其他登录方式</p>}
      <div className="hall-sign-in__actions">
        <a className="hall-sign-in__oidc adm-button adm-button-large adm-button-block adm-button-default adm-button-shape-default" href={href}>
          {OIDC_TITLE}
        </a>
      </div>
      <p className="hall-sign-in__hint">使用省统一身份认证平台账号登录；已在平台完成实名核验的，登录后无需再做人脸识别。</p>
    </section>
  );
}

interface FormProps {
  ticket: string;
  onSignedIn: () => void;
}

/** Sends the code for a phone; false (the button stays ready) when the phone is wrong or the hall refused. */
function useCodeSender(ticket: string, phone: string) {
  return async (): Promise<boolean> => {
    if (!isMobileNumber(phone.trim())) {
      await showAlert(VALIDATION_MESSAGES.profileMobile);
      return false;
    }
    return submitWithFeedback(
      async () => {
        const reply = await api.webSignInCode({ ticket, phone: phone.trim() });
        return stateOk(reply) ? null : replyMessage(reply, CODE_SEND_FAILED);
      },
      { loading: '发送中' },
    );
  };
}

/** Signs in with one of the calls; the page the citizen was going to opens once it succeeded. */
async function signInWith(send: () => Promise<{ state: number | boolean; msg?: string; errmsg?: string }>, onSignedIn: () => void, setBusy: (busy: boolean) => void) {
  setBusy(true);
  const ok = await submitWithFeedback(
    async () => {
      const reply = await send();
      return stateOk(reply) ? null : replyMessage(reply, SIGN_IN_FAILED);
    },
    { loading: '登录中', onFailure: () => setBusy(false) },
  );
  if (ok) onSignedIn();
}

function PhoneAndCode({
  idPrefix,
  phone,
  setPhone,
  code,
  setCode,
  sendCode,
}: {
  idPrefix: string;
  phone: string;
  setPhone: (v: string) => void;
  code: string;
  setCode: (v: string) => void;
  sendCode: () => Promise<boolean>;
}) {
  return (
    <>
      <List.Item prefix={<label htmlFor={`${idPrefix}-phone`}>手机号</label>}>
        <Input id={`${idPrefix}-phone`} placeholder="请输入手机号" value={phone} onChange={setPhone} maxLength={11} inputMode="numeric" autoComplete="tel" clearable />
      </List.Item>
      <List.Item prefix={<label htmlFor={`${idPrefix}-code`}>验证码</label>} extra={<CountdownButton seconds={SMS_COUNTDOWN_SECONDS} onSend={sendCode} aria-label="获取验证码" />}>
        <Input id={`${idPrefix}-code`} placeholder="请输入验证码" value={code} onChange={setCode} maxLength={6} inputMode="numeric" autoComplete="one-time-code" clearable />
      </List.Item>
    </>
  );
}

function SubmitRow({ busy, label, children }: { busy: boolean; label: string; children?: ReactNode }) {
  return (
    <div className="hall-sign-in__actions">
      <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
        {label}
      </Button>
      {children}
    </div>
  );
}

function SmsForm({ ticket, onSignedIn }: FormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sendCode = useCodeSender(ticket, phone);

  async function submit() {
    if (!isMobileNumber(phone.trim())) return showAlert(VALIDATION_MESSAGES.profileMobile);
    if (!code.trim()) return showAlert(VALIDATION_MESSAGES.phoneCode);
    await signInWith(() => api.webSignInBySms({ ticket, phone: phone.trim(), code: code.trim() }), onSignedIn, setBusy);
  }

  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <FormCard header="手机号与短信验证码" className="hall-sign-in__card">
        <PhoneAndCode idPrefix="sms" phone={phone} setPhone={setPhone} code={code} setCode={setCode} sendCode={sendCode} />
      </FormCard>
      <p className="hall-sign-in__hint">未注册的手机号验证后自动注册，登录后请完善个人信息并完成实名认证。</p>
      <SubmitRow busy={busy} label="登录" />
    </form>
  );
}

function PasswordForm({ ticket, onSignedIn, onForgot }: FormProps & { onForgot: () => void }) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!account.trim()) return showAlert(ACCOUNT_MISSING);
    if (!password) return showAlert(PASSWORD_MISSING);
    await signInWith(() => api.webSignInByPassword({ ticket, account: account.trim(), password }), onSignedIn, setBusy);
  }

  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <FormCard header="手机号或账号与登录密码" className="hall-sign-in__card">
        <List.Item prefix={<label htmlFor="password-account">账号</label>}>
          <Input id="password-account" placeholder="请输入手机号或账号" value={account} onChange={setAccount} maxLength={64} autoComplete="username" clearable />
        </List.Item>
        <List.Item prefix={<label htmlFor="password-password">密码</label>}>
          <Input id="password-password" type="password" placeholder="请输入登录密码" value={password} onChange={setPassword} maxLength={64} autoComplete="current-password" clearable />
        </List.Item>
      </FormCard>
      <p className="hall-sign-in__hint">登录密码即在个人信息中设置的密码，在微信中设置的密码同样可用。</p>
      <SubmitRow busy={busy} label="登录">
        <Button block fill="none" size="large" color="primary" onClick={onForgot}>
          忘记密码
        </Button>
      </SubmitRow>
    </form>
  );
}

function ResetForm({ ticket, onSignedIn }: FormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const sendCode = useCodeSender(ticket, phone);

  async function submit() {
    if (!isMobileNumber(phone.trim())) return showAlert(VALIDATION_MESSAGES.profileMobile);
    if (!code.trim()) return showAlert(VALIDATION_MESSAGES.phoneCode);
    const problem = validatePassword(password);
    if (problem) return showAlert(problem);
    await signInWith(() => api.webResetPassword({ ticket, phone: phone.trim(), code: code.trim(), password }), onSignedIn, setBusy);
  }

  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <FormCard header="通过短信验证码重设登录密码" className="hall-sign-in__card">
        <PhoneAndCode idPrefix="reset" phone={phone} setPhone={setPhone} code={code} setCode={setCode} sendCode={sendCode} />
        <List.Item prefix={<label htmlFor="reset-password">新密码</label>}>
          <Input id="reset-password" type="password" placeholder={PASSWORD_PLACEHOLDER} value={password} onChange={setPassword} maxLength={64} autoComplete="new-password" clearable />
        </List.Item>
      </FormCard>
      <p className="hall-sign-in__hint">重设后，已登录的其他设备需重新登录。</p>
      <SubmitRow busy={busy} label="重设密码并登录" />
    </form>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { SignInPage as Component };
