import { waitingGuardRedirect } from '@hall/domain/internal';
import { clearFeedback } from '@hall/ui';
import { useEffect } from 'react';
import { Navigate, NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { useSession } from '../stores/session';

/**
 * The navigation guard of spec part 3 §2.21: until the app info is loaded, every route but
 * /waiting goes to /waiting with the full original path as redirect.
 */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const loaded = useSession((s) => s.appInfo !== null);
  // Back (or forward) leaves the screen a dialog was asking about: the dialog goes with it. A screen's
  // own navigation keeps the toast it shows on the way (已保存 …).
  useEffect(() => {
    if (navigationType === NavigationType.Pop) clearFeedback();
  }, [location.key, navigationType]);
  const redirect = waitingGuardRedirect(location.pathname + location.search + location.hash, loaded);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
