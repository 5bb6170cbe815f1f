import { ScreenOutlet } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, DotLoading, TabBar } from 'antd-mobile';
import { AppOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { SignInPage } from '../features/sign-in/sign-in-page';
import { useShell } from '../stores/shell';
import './shell.css';
import { paths } from '../config/paths';

/** The one screen an operator with a temporary password may open. */

/** The sys_admin shell: signs the operator in, then the two bottom tabs (hall and personal centre). */
export function ShellLayout() {
  const { status, message, me, start } = useShell();
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
  return (
    <div className="shell">
      <main className="shell-main">
        {/* Screens load inside the shell: its tabs stay while a screen's code downloads. */}
        <ScreenOutlet resetKey={location.pathname}>
          <Outlet />
        </ScreenOutlet>
      </main>
      <nav className="shell-tabs" aria-label="主导航">
        <TabBar activeKey={location.pathname === paths.my ? paths.my : paths.home} onChange={(key) => navigate(key)} safeArea>
          <TabBar.Item key={paths.home} icon={<AppOutline />} title="服务大厅" />
          <TabBar.Item key={paths.my} icon={<UserOutline />} title="个人中心" />
        </TabBar>
      </nav>
    </div>
  );
}
