import { createBrowserRouter } from 'react-router';
import { ShellLayout } from './shell-layout';

/** The admin shell lives under /admin/ on the hall's port. */
export const router = createBrowserRouter(
  [
    // The hall's screen: outside the sign-in, it shows only numbers and windows.
    { path: '/display/queue', lazy: () => import('../features/queue-calling/queue-display-page') },
    {
      element: <ShellLayout />,
      children: [
        { path: '/', lazy: () => import('../features/home/home-page') },
        { path: '/my', lazy: () => import('../features/my/my-page') },
        { path: '/password', lazy: () => import('../features/my/password-page') },
        { path: '/review', lazy: () => import('../features/review/review-list-page') },
        { path: '/review/:id', lazy: () => import('../features/review/review-detail-page') },
        { path: '/operators', lazy: () => import('../features/operators/operators-page') },
        { path: '/queue-settings', lazy: () => import('../features/queue-settings/queue-settings-page') },
        { path: '/queue-calling', lazy: () => import('../features/queue-calling/queue-calling-page') },
        { path: '/audit', lazy: () => import('../features/audit/audit-page') },
        { path: '/statistics', lazy: () => import('../features/statistics/statistics-page') },
        { path: '/feedback', lazy: () => import('../features/feedback/feedback-list-page') },
        { path: '/feedback/:id', lazy: () => import('../features/feedback/feedback-detail-page') },
        { path: '/fulfilment', lazy: () => import('../features/fulfilment/fulfilment-list-page') },
        { path: '/appointment-settings', lazy: () => import('../features/appointment-settings/appointment-settings-page') },
        { path: '/counter-day', lazy: () => import('../features/counter-day/counter-day-page') },
        { path: '/fulfilment/:id', lazy: () => import('../features/fulfilment/fulfilment-detail-page') },
        { path: '/content/articles', lazy: () => import('../features/content/articles/articles-list-page') },
        { path: '/content/articles/:id', lazy: () => import('../features/content/articles/article-edit-page') },
        { path: '/content/banners', lazy: () => import('../features/content/banners/banners-page') },
        { path: '/content/menus', lazy: () => import('../features/content/menus/menus-page') },
        { path: '/content/questions', lazy: () => import('../features/content/questions/questions-page') },
        { path: '/content/sites', lazy: () => import('../features/content/sites/sites-page') },
        { path: '/content/downloads', lazy: () => import('../features/content/downloads/downloads-page') },
        { path: '/content/guides', lazy: () => import('../features/content/guides/guides-list-page') },
        { path: '/content/guides/:prodefid', lazy: () => import('../features/content/guides/guide-edit-page') },
        { path: '/catalogue', lazy: () => import('../features/hall-setup/catalogue-page') },
        { path: '/settings/map', lazy: () => import('../features/content/settings/map-setting-page') },
        { path: '*', lazy: () => import('../features/home/home-page') },
      ],
    },
  ],
  { basename: '/admin' },
);
