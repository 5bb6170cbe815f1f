import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
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
      { path: paths.feedBack, lazy: () => import('../features/feedback/feedback-page') },
      { path: paths.feedBackList, lazy: () => import('../features/feedback/feedback-list-page') },
      { path: paths.feedBackDetail, lazy: () => import('../features/feedback/feedback-detail-page') },
      { path: paths.commonQuesList, lazy: () => import('../features/hall-info/common-questions-page') },
      { path: paths.contactUs, lazy: () => import('../features/hall-info/contact-us-page') },
      { path: paths.news, lazy: () => import('../features/articles/article-list-page') },
      { path: paths.guide, lazy: () => import('../features/articles/article-list-page') },
      { path: paths.gsgg, lazy: () => import('../features/articles/article-list-page') },
      { path: paths.laws, lazy: () => import('../features/articles/article-list-page') },
      { path: `${paths.gov}/:type`, lazy: () => import('../features/articles/article-list-page') },
      { path: paths.articlecontent, lazy: () => import('../features/articles/article-page') },
      { path: paths.progressQuery, lazy: () => import('../features/progress/progress-query-page') },
      { path: paths.userInfo, lazy: () => import('../features/profile/user-info-page') },
      { path: paths.certificateQuery, lazy: () => import('../features/queries/query-page') },
      { path: paths.dzzzQuery, lazy: () => import('../features/queries/query-page') },
      { path: paths.record, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.dzzzrecord, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.dzzzverification, lazy: () => import('../features/queries/verification-page') },
      { path: paths.dzzzverificationrecord, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.pdfView, lazy: () => import('../features/pdf-view/pdf-view-page') },
      { path: paths.apply, lazy: () => import('../features/apply/apply-guide-page') },
      { path: paths.seladd, lazy: () => import('../features/business-choice/select-region-page') },
      { path: paths.sel, lazy: () => import('../features/business-choice/business-type-page') },
      { path: paths.selapp, lazy: () => import('../features/business-choice/business-page') },
      { path: paths.prodoing, lazy: () => import('../features/applications/application-list-page') },
      { path: `${paths.info}/:screen`, lazy: () => import('../features/info-fill/fill-screen-page') },
      { path: paths.infoPerson, lazy: () => import('../features/info-fill/person-page') },
      { path: paths.infoDyxxinfo, lazy: () => import('../features/info-fill/unit-page') },
      { path: paths.infoDyqinfo, lazy: () => import('../features/rights-fill/mortgage-page') },
      { path: paths.infoYgqlxx, lazy: () => import('../features/rights-fill/pre-notice-page') },
      { path: paths.infoQlxxinfo, lazy: () => import('../features/rights-fill/rights-info-page') },
      { path: paths.upload, lazy: () => import('../features/materials/upload-page') },
      ...[paths.applyDetail, paths.applyDetailDyqsc, paths.applyDetailYgdj, paths.applyDetailClfmm, paths.applyDetailDyqzy, paths.applyDetailYdy, paths.applyDetailYgYdy, paths.applyDetailZxdj].map((path) => ({
        path,
        lazy: () => import('../features/materials/detail-page'),
      })),
      ...[paths.personD, paths.dyxxD, paths.ygqlxxD, paths.dyqD, paths.qlxxD, paths.houseD].map((path) => ({
        path,
        lazy: () => import('../features/materials/preview-page'),
      })),
      { path: '/page404', lazy: () => import('../features/session/not-found-page') },
      { path: '*', lazy: () => import('../features/session/not-found-page') },
    ],
  },
]);
