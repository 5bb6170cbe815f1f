import { lazyScreen, ScreenOutlet } from '@hall/app';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { ShellLayout } from './shell-layout';

const routes: RouteObject[] = [
  // The hall's screen: outside the sign-in, it shows only numbers and windows.
  { path: '/display/queue', ...lazyScreen(() => import('../features/queue-calling/queue-display-page')) },
  {
    element: <ShellLayout />,
    children: [
      { path: '/', ...lazyScreen(() => import('../features/home/home-page')) },
      { path: '/my', ...lazyScreen(() => import('../features/my/my-page')) },
      { path: '/password', ...lazyScreen(() => import('../features/my/password-page')) },
      { path: '/review', ...lazyScreen(() => import('../features/review/review-list-page')) },
      { path: '/review/:id', ...lazyScreen(() => import('../features/review/review-detail-page')) },
      { path: '/operators', ...lazyScreen(() => import('../features/operators/operators-page')) },
      { path: '/queue-settings', ...lazyScreen(() => import('../features/queue-settings/queue-settings-page')) },
      { path: '/queue-calling', ...lazyScreen(() => import('../features/queue-calling/queue-calling-page')) },
      { path: '/audit', ...lazyScreen(() => import('../features/audit/audit-page')) },
      { path: '/statistics', ...lazyScreen(() => import('../features/statistics/statistics-page')) },
      { path: '/feedback', ...lazyScreen(() => import('../features/feedback/feedback-list-page')) },
      { path: '/feedback/:id', ...lazyScreen(() => import('../features/feedback/feedback-detail-page')) },
      { path: '/fulfilment', ...lazyScreen(() => import('../features/fulfilment/fulfilment-list-page')) },
      { path: '/appointment-settings', ...lazyScreen(() => import('../features/appointment-settings/appointment-settings-page')) },
      { path: '/counter-day', ...lazyScreen(() => import('../features/counter-day/counter-day-page')) },
      { path: '/fulfilment/:id', ...lazyScreen(() => import('../features/fulfilment/fulfilment-detail-page')) },
      { path: '/content/articles', ...lazyScreen(() => import('../features/content/articles/articles-list-page')) },
      { path: '/content/articles/:id', ...lazyScreen(() => import('../features/content/articles/article-edit-page')) },
      { path: '/content/banners', ...lazyScreen(() => import('../features/content/banners/banners-page')) },
      { path: '/content/menus', ...lazyScreen(() => import('../features/content/menus/menus-page')) },
      { path: '/content/questions', ...lazyScreen(() => import('../features/content/questions/questions-page')) },
      { path: '/content/sites', ...lazyScreen(() => import('../features/content/sites/sites-page')) },
      { path: '/content/downloads', ...lazyScreen(() => import('../features/content/downloads/downloads-page')) },
      { path: '/content/guides', ...lazyScreen(() => import('../features/content/guides/guides-list-page')) },
      { path: '/content/guides/:prodefid', ...lazyScreen(() => import('../features/content/guides/guide-edit-page')) },
      { path: '/catalogue', ...lazyScreen(() => import('../features/hall-setup/catalogue-page')) },
      { path: '/settings/map', ...lazyScreen(() => import('../features/content/settings/map-setting-page')) },
      { path: '*', ...lazyScreen(() => import('../features/home/home-page')) },
    ],
  },
];

/** The console's screens, inside main.tsx's BrowserRouter (under /admin/ on the hall's port). */
export function AdminRoutes() {
  const location = useLocation();
  return <ScreenOutlet resetKey={location.pathname}>{useRoutes(routes)}</ScreenOutlet>;
}
