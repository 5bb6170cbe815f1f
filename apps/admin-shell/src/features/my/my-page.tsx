import { Avatar, List, Tag } from 'antd-mobile';
import { useShell } from '../../stores/shell';

const ROLE_NAMES: Record<string, string> = { sys_admin: '系统管理员' };

/** The operator's personal centre. */
export function Component() {
  const me = useShell((s) => s.me);
  return (
    <>
      <header className="shell-header" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar src={me?.headimgurl ?? ''} style={{ '--size': '52px', '--border-radius': '50%' }} />
        <div>
          {me?.name || me?.nickname || '管理员'}
          <small>
            {(me?.roles ?? []).map((role) => (
              <Tag key={role} color="#ffffff33" style={{ marginRight: 6 }}>
                {ROLE_NAMES[role] ?? role}
              </Tag>
            ))}
          </small>
        </div>
      </header>
      <List style={{ marginTop: 12 }}>
        <List.Item extra={me?.nickname}>微信昵称</List.Item>
        <List.Item extra={me?.openid}>账号</List.Item>
      </List>
      <List style={{ marginTop: 12 }}>
        <List.Item arrowIcon={false} style={{ textAlign: 'center', color: 'var(--adm-color-danger)' }} onClick={() => window.location.assign('/logout')}>
          退出登录
        </List.Item>
      </List>
    </>
  );
}
