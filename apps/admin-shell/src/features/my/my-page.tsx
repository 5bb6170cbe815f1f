import { operatorRoleTitle } from '@hall/domain';
import { errcodeOk, replyMessage, SignInRefusedError } from '@hall/api/browser';
import { NETWORK_ERROR, runSessionBootstrap, submitWithFeedback } from '@hall/app';
import { showConfirm, showSuccess } from '@hall/ui';
import { Avatar, List, Tag } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, landing } from '../../lib/hall';
import { useShell } from '../../stores/shell';
import { ConsolePage } from '../../components/console-page';
import { href, paths } from '../../config/paths';

/** The query flag of a return from WeChat's authorize page on the way to binding. */
const BIND_FLAG = 'bind';

/** The operator's personal centre: who they are, their roles, password, the WeChat they sign in with, and sign-out. */
export function ConsoleMyPage() {
  const { me, setMe, signOut } = useShell();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const binding = useRef(false);

  /** Binds the WeChat this browser is signed in to; the hall's refusal (already bound to another account …) is alerted. */
  const bind = async () => {
    const bound = await submitWithFeedback(async () => {
      const reply = await api.bindOperatorWechat({});
      if (!errcodeOk(reply) || !reply.data) return replyMessage(reply);
      setMe(reply.data);
      return null;
    });
    if (bound) showSuccess('已绑定微信');
  };

  /**
   * Binding needs this browser signed in to WeChat (the citizen session): the citizen app's sign-in,
   * which may go to WeChat's authorize page and come back here with ?bind=1 and a code. A lost
   * session is on its way there already (the client's onSessionLost): submitWithFeedback ends it quietly.
   */
  const signInToWechatThenBind = async (oauth: { code?: string; state?: string }) => {
    let leaving = false;
    const signedIn = await submitWithFeedback(
      async () => {
        const session = await runSessionBootstrap(api, { ...oauth, landingUrl: `${window.location.origin}/admin${href(paths.my, {}, { [BIND_FLAG]: 1 })}` });
        if (session.kind === 'redirect') {
          leaving = true;
          window.location.replace(session.to);
        }
        return null;
      },
      { networkFailure: (error) => (error instanceof SignInRefusedError ? error.message : NETWORK_ERROR) },
    );
    if (signedIn && !leaving) await bind();
  };

  // Back from WeChat's authorize page with ?bind=1: finish the WeChat sign-in with its code, then bind.
  useEffect(() => {
    if (params.get(BIND_FLAG) !== '1' || binding.current) return;
    binding.current = true;
    setParams({}, { replace: true });
    void signInToWechatThenBind(landing.takeOauthReturn());
  });

  const startBinding = async () => {
    const confirmed = await showConfirm('将当前微信绑定到您的管理账号，之后可在微信中直接登录管理端。');
    if (confirmed) await signInToWechatThenBind({});
  };

  const unbind = async () => {
    if (!(await showConfirm('解除绑定后将不能使用微信登录管理端，确定解除吗？'))) return;
    const unbound = await submitWithFeedback(async () => {
      const reply = await api.unbindOperatorWechat({});
      if (!errcodeOk(reply) || !reply.data) return replyMessage(reply);
      setMe(reply.data);
      return null;
    });
    if (unbound) showSuccess('已解除绑定');
  };

  return (
    <ConsolePage title="个人中心" onBack={null}>
      <div className="shell-header" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar src="" style={{ '--size': '52px', '--border-radius': '50%' }} />
        <div>
          {me?.displayName}
          <small>
            {(me?.roles ?? []).map((role) => (
              <Tag key={role} color="var(--hall-color-primary-deep)" style={{ marginRight: 6, '--text-color': '#fff' }}>
                {operatorRoleTitle(role)}
              </Tag>
            ))}
          </small>
        </div>
      </div>
      <List style={{ marginTop: 12 }}>
        <List.Item extra={me?.username}>账号</List.Item>
        <List.Item extra={me?.signedInWith === 'wechat' ? '微信' : '账号密码'}>本次登录方式</List.Item>
        <List.Item onClick={() => navigate(paths.password)}>修改密码</List.Item>
        {me?.wechatBound ? (
          <List.Item extra="已绑定" onClick={() => void unbind()}>
            微信登录
          </List.Item>
        ) : (
          <List.Item extra="未绑定" onClick={() => void startBinding()}>
            绑定微信
          </List.Item>
        )}
      </List>
      <List style={{ marginTop: 12 }}>
        <List.Item arrowIcon={false} style={{ textAlign: 'center', color: 'var(--adm-color-danger)' }} onClick={() => void signOut()}>
          退出登录
        </List.Item>
      </List>
    </ConsolePage>
  );
}
export { ConsoleMyPage as Component };
