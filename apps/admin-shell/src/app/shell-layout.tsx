import { ScreenOutlet } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, DotLoading, TabBar } from 'antd-mobile';
import { AppOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { operatorRoleTitle } from '@hall/domain';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { SignInPage } from '../features/sign-in/sign-in-page';
import { menuGroupsFor } from '../config/console-menu';
import { useDesktop } from '../lib/use-desktop';
import { useShell } from '../stores/shell';
import './shell.css';
import { paths } from '../config/paths';

/** The one screen an operator with a temporary password may open. */

/**
 * The console's shell: signs the operator in, then on a phone the sys_admin shell's two bottom tabs
 * (hall and personal centre) on its two screens, and from 1024 px the back office: a header with
 * the operator and 退出登录, the side navigation by role, the screen beside it.
 */
export function ShellLayout() {
  const { status, message, me, app, start, signOut } = useShell();
  const desktop = useDesktop();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void start();
  }, [start]);

  if (status === 'loading') {
    return (
      <div className="shell-center" role="status">
        <DotLoading color="primary" />
        <p>加载中</p>
      </div>
    );
  }
  if (status === 'signedOut') return <SignInPage />;
  if (status !== 'ready') {
    return (
      <div className="shell-center">
        <EmptyState description={status === 'forbidden' ? '无法进入管理端' : '加载失败'} hint={message} />
        {status === 'error' && (
          <Button color="primary" onClick={() => void start()}>
            重新加载
          </Button>
        )}
        {status === 'forbidden' && <a href="/admin/">使用账号密码登录</a>}
      </div>
    );
  }
  // A temporary password (new account, reset) is replaced before anything else.
  if (me?.mustChangePassword && location.pathname !== paths.password) return <Navigate to={paths.password} replace />;
  const onTabs = location.pathname === paths.home || location.pathname === paths.my;
  if (desktop) {
    return (
      <div className="shell shell--desktop">
        <header className="shell-top">
          <span className="shell-top__app">{app?.appname ?? '不动产登记网上办事大厅'} · 管理端</span>
          <span className="shell-top__who">
            {me?.displayName}（{me?.username}）<span className="shell-top__roles">{(me?.roles ?? []).map(operatorRoleTitle).join('、')}</span>
          </span>
          <Button size="small" onClick={() => void signOut()}>
            退出登录
          </Button>
        </header>
        <div className="shell-body">
          <SideNavigation roles={me?.roles ?? []} />
          <div className="shell-main">
            <ScreenOutlet resetKey={location.pathname}>
              <Outlet />
            </ScreenOutlet>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={onTabs ? 'shell shell--tabs' : 'shell'}>
      <div className="shell-main">
        {/* Screens load inside the shell: its tabs stay while a screen's code downloads. */}
        <ScreenOutlet resetKey={location.pathname}>
          <Outlet />
        </ScreenOutlet>
      </div>
      {/* The sys_admin shell's two tabs (spec part 1 §1) belong to its two screens, never over a work screen. */}
      {onTabs && (
        <nav className="shell-tabs" aria-label="主导航">
          <TabBar activeKey={location.pathname === paths.my ? paths.my : paths.home} onChange={(key) => navigate(key)} safeArea>
            <TabBar.Item key={paths.home} icon={<AppOutline />} title="服务大厅" />
            <TabBar.Item key={paths.my} icon={<UserOutline />} title="个人中心" />
          </TabBar>
        </nav>
      )}
    </div>
  );
}

/** The desktop's side navigation: home, the operator's screens by role (the console menu), and 个人中心. */
function SideNavigation({ roles }: { roles: readonly string[] }) {
  const link = ({ isActive }: { isActive: boolean }) => (isActive ? 'shell-side__link shell-side__link--active' : 'shell-side__link');
  return (
    <nav className="shell-side" aria-label="主导航">
      <NavLink to={paths.home} end className={link}>
        首页
      </NavLink>
      {menuGroupsFor(roles).map((group) => (
        <section key={group.role} className="shell-side__group" aria-label={group.title}>
          <h2 className="shell-side__title">{group.title}</h2>
          {group.entries.map((entry) => (
            // An entry whose path another entry continues (/review, /review/decided) is current only on its own path.
            <NavLink key={entry.path} to={entry.path} end={group.entries.some((other) => other.path.startsWith(`${entry.path}/`))} className={link}>
              {entry.title}
            </NavLink>
          ))}
        </section>
      ))}
      <NavLink to={paths.my} className={link}>
        个人中心
      </NavLink>
    </nav>
  );
}
