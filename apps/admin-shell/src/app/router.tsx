import { lazyScreen, ScreenOutlet } from '@hall/app';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ShellLayout } from './shell-layout';

const routes: RouteObject[] = [
  // The hall's screen: outside the sign-in, it shows only numbers and windows.
  { path: paths.queueDisplay, ...lazyScreen(() => import('../features/queue-calling/queue-display-page')) },
  {
    element: <ShellLayout />,
    children: [
      { path: paths.home, ...lazyScreen(() => import('../features/home/home-page')) },
      { path: paths.my, ...lazyScreen(() => import('../features/my/my-page')) },
      { path: paths.password, ...lazyScreen(() => import('../features/my/password-page')) },
      { path: paths.review.list, ...lazyScreen(() => import('../features/review/review-list-page')) },
      { path: paths.review.decided, ...lazyScreen(() => import('../features/review/decided-page')) },
      { path: paths.review.detail, ...lazyScreen(() => import('../features/review/review-detail-page')) },
      { path: paths.operators, ...lazyScreen(() => import('../features/operators/operators-page')) },
      { path: paths.queueSettings, ...lazyScreen(() => import('../features/queue-settings/queue-settings-page')) },
      { path: paths.queueCalling, ...lazyScreen(() => import('../features/queue-calling/queue-calling-page')) },
      { path: paths.audit, ...lazyScreen(() => import('../features/audit/audit-page')) },
      { path: paths.statistics, ...lazyScreen(() => import('../features/statistics/statistics-page')) },
      { path: paths.notificationSending, ...lazyScreen(() => import('../features/notifications/sending-page')) },
      { path: paths.feedback.list, ...lazyScreen(() => import('../features/feedback/feedback-list-page')) },
      { path: paths.feedback.detail, ...lazyScreen(() => import('../features/feedback/feedback-detail-page')) },
      { path: paths.followUps.list, ...lazyScreen(() => import('../features/ratings/follow-up-list-page')) },
      { path: paths.followUps.detail, ...lazyScreen(() => import('../features/ratings/follow-up-detail-page')) },
      { path: paths.fulfilment.list, ...lazyScreen(() => import('../features/fulfilment/fulfilment-list-page')) },
      { path: paths.appointmentSettings, ...lazyScreen(() => import('../features/appointment-settings/appointment-settings-page')) },
      { path: paths.counterDay, ...lazyScreen(() => import('../features/counter-day/counter-day-page')) },
      { path: paths.fulfilment.detail, ...lazyScreen(() => import('../features/fulfilment/fulfilment-detail-page')) },
      { path: paths.content.articles, ...lazyScreen(() => import('../features/content/articles/articles-list-page')) },
      { path: paths.content.article, ...lazyScreen(() => import('../features/content/articles/article-edit-page')) },
      { path: paths.content.banners, ...lazyScreen(() => import('../features/content/banners/banners-page')) },
      { path: paths.content.menus, ...lazyScreen(() => import('../features/content/menus/menus-page')) },
      { path: paths.content.questions, ...lazyScreen(() => import('../features/content/questions/questions-page')) },
      { path: paths.content.sites, ...lazyScreen(() => import('../features/content/sites/sites-page')) },
      { path: paths.content.downloads, ...lazyScreen(() => import('../features/content/downloads/downloads-page')) },
      { path: paths.content.guides, ...lazyScreen(() => import('../features/content/guides/guides-list-page')) },
      { path: paths.content.guide, ...lazyScreen(() => import('../features/content/guides/guide-edit-page')) },
      { path: paths.catalogue, ...lazyScreen(() => import('../features/hall-setup/catalogue-page')) },
      { path: paths.mapSetting, ...lazyScreen(() => import('../features/content/settings/map-setting-page')) },
      { path: '*', ...lazyScreen(() => import('../features/home/home-page')) },
    ],
  },
];

/** The console's screens, inside main.tsx's BrowserRouter (under /admin/ on the hall's port). */
export function AdminRoutes() {
  const location = useLocation();
  return <ScreenOutlet resetKey={location.pathname}>{useRoutes(routes)}</ScreenOutlet>;
}
