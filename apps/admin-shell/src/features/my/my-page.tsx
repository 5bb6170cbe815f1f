import { operatorRoleTitle } from '@hall/domain';
import { errcodeOk, replyMessage, SessionLostError, SignInRefusedError } from '@hall/api/browser';
import { NETWORK_ERROR, runSessionBootstrap } from '@hall/app';
import { showConfirm, showSuccess, showToast } from '@hall/ui';
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

  const bind = async () => {
    try {
      const reply = await api.bindOperatorWechat({});
      if (errcodeOk(reply) && reply.data) {
        setMe(reply.data);
        showSuccess('已绑定微信');
      } else {
        showToast(replyMessage(reply));
      }
    } catch {
      showToast(NETWORK_ERROR);
    }
  };

  /**
   * Binding needs this browser signed in to WeChat (the citizen session): the citizen app's sign-in,
   * which may go to WeChat's authorize page and come back here with ?bind=1 and a code.
   */
  const signInToWechatThenBind = async (oauth: { code?: string; state?: string }) => {
    try {
      const session = await runSessionBootstrap(api, { ...oauth, landingUrl: `${window.location.origin}/admin${href(paths.my, {}, { [BIND_FLAG]: 1 })}` });
      if (session.kind === 'redirect') window.location.replace(session.to);
      else await bind();
    } catch (error) {
      // A lost session is on its way to WeChat's authorize page (the client's onSessionLost).
      if (!(error instanceof SessionLostError)) showToast(error instanceof SignInRefusedError ? error.message : NETWORK_ERROR);
    }
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
    const reply = await api.unbindOperatorWechat({}).catch(() => null);
    if (reply && errcodeOk(reply) && reply.data) setMe(reply.data);
    showToast(reply ? replyMessage(reply) || '已解除绑定' : NETWORK_ERROR);
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
