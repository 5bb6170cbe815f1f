import { waitingGuardRedirect } from '@hall/domain/internal';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../stores/session';

/**
 * The navigation guard of spec part 3 §2.21: until the app info is loaded, every route but
 * /waiting goes to /waiting with the full original path as redirect.
 */
export function RootLayout() {
  const location = useLocation();
  const loaded = useSession((s) => s.appInfo !== null);
  const redirect = waitingGuardRedirect(location.pathname + location.search + location.hash, loaded);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
