import { DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { paths } from '../../config/paths';

/** The logout page: goes straight to the server's /logout, which ends the session and returns to the root. */
export function LogoutPage() {
  useEffect(() => {
    window.location.replace(paths.logout);
  }, []);
  return (
    <div className="hall-page-center" role="status">
      <DotLoading color="primary" />
      <p>正在退出登录…</p>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { LogoutPage as Component };
