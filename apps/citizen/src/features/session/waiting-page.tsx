import { initPageRedirect } from '@hall/domain/internal';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../stores/session';
import { HomeFrame, HomeSkeleton } from '../../components/home-frame';

/**
 * /waiting: runs the session bootstrap, then goes on to where the citizen was going (the init page).
 * On the way to the hall home it already draws the home's frame and skeleton, not a blank 加载中.
 */
export function WaitingPage() {
  const [params] = useSearchParams();
  const { status, error, appInfo, bootstrap } = useSession();
  useEffect(() => {
    void bootstrap();
  }, [bootstrap]);

  const redirect = params.get('redirect');
  const target = initPageRedirect(redirect, appInfo !== null);
  if (target) return <Navigate to={target} replace />;
  if (status === 'error') {
    return (
      <div className="hall-page-center">
        <EmptyState description="加载失败" hint={error ?? '请稍后重试'} />
        <Button color="primary" onClick={() => void bootstrap()} style={{ marginTop: 16 }}>
          重新加载
        </Button>
      </div>
    );
  }
  if ((redirect ?? paths.home).split(/[?#]/)[0] === paths.home) {
    return (
      <HomeFrame>
        <HomeSkeleton />
      </HomeFrame>
    );
  }
  return (
    <div className="hall-page-center" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <p>加载中</p>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { WaitingPage as Component };
