import { createBrowserRouter } from 'react-router';
import { ShellLayout } from './shell-layout';

/** The admin shell lives under /admin/ on the hall's port. */
export const router = createBrowserRouter(
  [
    {
      element: <ShellLayout />,
      children: [
        { path: '/', lazy: () => import('../features/home/home-page') },
        { path: '/my', lazy: () => import('../features/my/my-page') },
        { path: '/review', lazy: () => import('../features/review/review-list-page') },
        { path: '/review/:id', lazy: () => import('../features/review/review-detail-page') },
        { path: '*', lazy: () => import('../features/home/home-page') },
      ],
    },
  ],
  { basename: '/admin' },
);
