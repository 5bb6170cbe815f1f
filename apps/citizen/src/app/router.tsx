import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';

/** Every route loads lazily: the hall home's first load carries only what it shows. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('../features/home/home-page') },
      { path: '/my', lazy: () => import('../features/my/my-page') },
      { path: '/mine', lazy: () => import('../features/my/my-page') },
      { path: '/waiting', lazy: () => import('../features/session/waiting-page') },
      { path: '/logout', lazy: () => import('../features/session/logout-page') },
      { path: '/page404', lazy: () => import('../features/session/not-found-page') },
      { path: '*', lazy: () => import('../features/session/not-found-page') },
    ],
  },
]);
