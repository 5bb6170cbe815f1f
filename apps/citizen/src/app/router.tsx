import { waitingGuardRedirect } from '@hall/domain';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { useSession } from '../stores/session';
import { paths } from '../config/paths';
import { Component as HomePage } from '../features/home/home-page';
import { Component as WaitingPage } from '../features/session/waiting-page';
import { RootLayout } from './root-layout';

/**
 * The hall home and /waiting (where every first visit passes) are in the entry chunk, so the first
 * screen needs no second round of requests; every other route loads lazily.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, Component: HomePage },
      { path: paths.my, lazy: () => import('../features/my/my-page') },
      { path: paths.mine, lazy: () => import('../features/my/my-page') },
      { path: paths.waiting, Component: WaitingPage },
      { path: paths.logout, lazy: () => import('../features/session/logout-page') },
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
      ...[paths.progressQuery, paths.findaccept].map((path) => ({ path, lazy: () => import('../features/progress/progress-query-page') })),
      { path: paths.userInfo, lazy: () => import('../features/profile/user-info-page') },
      { path: paths.certificateQuery, lazy: () => import('../features/queries/query-page') },
      { path: paths.dzzzQuery, lazy: () => import('../features/queries/query-page') },
      { path: paths.record, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.dzzzrecord, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.dzzzverification, lazy: () => import('../features/queries/verification-page') },
      { path: paths.dzzzverificationrecord, lazy: () => import('../features/queries/record-list-page') },
      { path: paths.pdfView, lazy: () => import('../features/pdf-view/pdf-view-page') },
      { path: paths.apply, lazy: () => import('../features/application/apply/apply-guide-page') },
      { path: paths.seladd, lazy: () => import('../features/application/business-choice/select-region-page') },
      { path: paths.sel, lazy: () => import('../features/application/business-choice/business-type-page') },
      { path: paths.selapp, lazy: () => import('../features/application/business-choice/business-page') },
      { path: paths.prodoing, lazy: () => import('../features/application/applications/application-list-page') },
      { path: paths.userSign, lazy: () => import('../features/application/signing/sign-page') },
      { path: paths.statements.propertyInfo, lazy: () => import('../features/application/statements/property-info-page') },
      { path: paths.statements.rightsStatements, lazy: () => import('../features/application/statements/rights-statements-page') },
      ...[paths.statements.inquiryRecord, paths.statements.undertakingPreview, paths.statements.inquiryPreview, paths.statements.changeStatementPreview, paths.statements.changeInquiryPreview].map(
        (path) => ({ path, lazy: () => import('../features/application/statements/document-page') }),
      ),
      { path: `${paths.info}/:screen`, lazy: () => import('../features/application/info-fill/fill-screen-page') },
      { path: paths.infoPerson, lazy: () => import('../features/application/info-fill/person-page') },
      { path: paths.infoDyxxinfo, lazy: () => import('../features/application/info-fill/unit-page') },
      { path: paths.infoHouseinfo, lazy: () => import('../features/application/info-fill/house-page') },
      { path: paths.infoDyqinfo, lazy: () => import('../features/application/rights-fill/mortgage-page') },
      { path: paths.infoYgqlxx, lazy: () => import('../features/application/rights-fill/pre-notice-page') },
      { path: paths.infoQlxxinfo, lazy: () => import('../features/application/rights-fill/rights-info-page') },
      { path: paths.upload, lazy: () => import('../features/application/materials/upload-page') },
      ...Object.values(paths.applyDetail).map((path) => ({
        path,
        lazy: () => import('../features/application/materials/detail-page'),
      })),
      ...Object.values(paths.recordPreview).map((path) => ({
        path,
        lazy: () => import('../features/application/materials/preview-page'),
      })),
      { path: paths.yuyue, lazy: () => import('../features/appointments/appointment-list-page') },
      { path: paths.yuyueForm, lazy: () => import('../features/appointments/appointment-form-page') },
      { path: paths.yuyueDetail, lazy: () => import('../features/appointments/appointment-detail-page') },
      { path: paths.yuyueRecord, lazy: () => import('../features/appointments/appointment-record-page') },
      { path: paths.queue, lazy: () => import('../features/queue/queue-home-page') },
      { path: paths.queueBusiness, lazy: () => import('../features/queue/queue-business-page') },
      { path: paths.queueTime, lazy: () => import('../features/queue/queue-time-page') },
      { path: paths.queueResult, lazy: () => import('../features/queue/queue-result-page') },
      { path: paths.queueOrders, lazy: () => import('../features/queue/queue-orders-page') },
      { path: paths.fwwd, lazy: () => import('../features/sites/site-list-page') },
      { path: paths.zlxz, lazy: () => import('../features/downloads/download-list-page') },
      { path: paths.appointment, lazy: () => import('../features/counter-booking/booking-page') },
      { path: paths.apmorder, lazy: () => import('../features/counter-booking/order-page') },
      { path: paths.apmrecord, lazy: () => import('../features/counter-booking/record-page') },
      { path: paths.querycert, lazy: () => import('../features/archive-query/archive-request-page') },
      { path: paths.ok, lazy: () => import('../features/archive-query/archive-ok-page') },
      { path: paths.querycertrecord, lazy: () => import('../features/archive-query/archive-records-page') },
      ...[paths.catchCertNew, paths.catchCertYhxz, paths.catchcert].map((path) => ({ path, lazy: () => import('../features/archive-query/archive-certificate-page') })),
      { path: paths.bdcqzQuery, lazy: () => import('../features/property-query/property-query-page') },
      { path: paths.notFound, lazy: () => import('../features/session/not-found-page') },
      { path: '*', lazy: () => import('../features/session/not-found-page') },
    ],
  },
];

/**
 * The /waiting guard (spec part 1 §4) applied before the router starts, as RootLayout would apply it
 * on the first render: the router then draws /waiting at once instead of first loading the code of
 * the page the citizen asked for, and that code loads meanwhile, alongside the session bootstrap.
 */
function waitFirst(): void {
  const asked = window.location.pathname + window.location.search + window.location.hash;
  const redirect = waitingGuardRedirect(asked, useSession.getState().appInfo !== null);
  if (!redirect) return;
  window.history.replaceState(window.history.state, '', redirect);
  // On the next turn: the session's first call (main.tsx starts it) goes out ahead of the page's chunks.
  setTimeout(() => {
    for (const match of matchRoutes(routes, asked) ?? []) {
      if (typeof match.route.lazy === 'function') void match.route.lazy().catch(() => undefined);
    }
  }, 0);
}

waitFirst();
export const router = createBrowserRouter(routes);
