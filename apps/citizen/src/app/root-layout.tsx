import { waitingGuardRedirect } from '@hall/domain';
import { LOAD_FAILED, NETWORK_ERROR } from '@hall/app';
import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { Component, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../stores/session';

/**
 * A screen whose code could not be downloaded (the phone lost its network on the way) says so and
 * offers to load the page again, instead of leaving the citizen in front of a blank page.
 */
class PageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState title={LOAD_FAILED} message={NETWORK_ERROR} onRetry={() => window.location.reload()} fullPage />;
  }
}

/**
 * The navigation guard of spec part 3 §2.21: until the app info is loaded, every route but
 * /waiting goes to /waiting with the full original path as redirect. Below it, each screen's code
 * loads on first use: a navigation keeps the current screen until the next one's code is there
 * (router updates are transitions), and a first render meanwhile shows 加载中.
 */
export function RootLayout() {
  const location = useLocation();
  const loaded = useSession((s) => s.appInfo !== null);
  const redirect = waitingGuardRedirect(location.pathname + location.search + location.hash, loaded);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <PageLoadBoundary key={location.pathname}>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </PageLoadBoundary>
  );
}
