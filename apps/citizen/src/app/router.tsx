import { waitingGuardRedirect } from '@hall/domain/internal';
import { lazyScreen, preloadScreens, ScreenOutlet } from '@hall/app';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../stores/session';
import { paths } from '../config/paths';
import { HomePage } from '../features/home/home-page';
import { WaitingPage } from '../features/session/waiting-page';
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
      { path: paths.my, ...lazyScreen(() => import('../features/my/my-page')) },
      { path: paths.mine, ...lazyScreen(() => import('../features/my/my-page')) },
      { path: paths.messages, ...lazyScreen(() => import('../features/messages/messages-page')) },
      { path: paths.message, ...lazyScreen(() => import('../features/messages/message-page')) },
      { path: paths.messageChannels, ...lazyScreen(() => import('../features/messages/message-channels-page')) },
      { path: paths.waiting, Component: WaitingPage },
      { path: paths.logout, ...lazyScreen(() => import('../features/session/logout-page')) },
      { path: paths.login, ...lazyScreen(() => import('../features/session/sign-in-page')) },
      { path: paths.feedBack, ...lazyScreen(() => import('../features/feedback/feedback-page')) },
      { path: paths.feedBackList, ...lazyScreen(() => import('../features/feedback/feedback-list-page')) },
      { path: paths.feedBackDetail, ...lazyScreen(() => import('../features/feedback/feedback-detail-page')) },
      { path: paths.rate, ...lazyScreen(() => import('../features/ratings/rate-page')) },
      { path: paths.myRatings, ...lazyScreen(() => import('../features/ratings/my-ratings-page')) },
      { path: paths.commonQuesList, ...lazyScreen(() => import('../features/hall-info/common-questions-page')) },
      { path: paths.contactUs, ...lazyScreen(() => import('../features/hall-info/contact-us-page')) },
      { path: paths.news, ...lazyScreen(() => import('../features/articles/article-list-page')) },
      { path: paths.guide, ...lazyScreen(() => import('../features/articles/article-list-page')) },
      { path: paths.gsgg, ...lazyScreen(() => import('../features/articles/article-list-page')) },
      { path: paths.laws, ...lazyScreen(() => import('../features/articles/article-list-page')) },
      { path: `${paths.gov}/:type`, ...lazyScreen(() => import('../features/articles/article-list-page')) },
      { path: paths.articlecontent, ...lazyScreen(() => import('../features/articles/article-page')) },
      ...[paths.progressQuery, paths.findaccept].map((path) => ({ path, ...lazyScreen(() => import('../features/progress/progress-query-page')) })),
      { path: paths.userInfo, ...lazyScreen(() => import('../features/profile/user-info-page')) },
      { path: paths.certificateQuery, ...lazyScreen(() => import('../features/queries/query-page')) },
      { path: paths.dzzzQuery, ...lazyScreen(() => import('../features/queries/query-page')) },
      { path: paths.record, ...lazyScreen(() => import('../features/queries/record-list-page')) },
      { path: paths.dzzzrecord, ...lazyScreen(() => import('../features/queries/record-list-page')) },
      { path: paths.dzzzverification, ...lazyScreen(() => import('../features/queries/verification-page')) },
      { path: paths.dzzzverificationrecord, ...lazyScreen(() => import('../features/queries/record-list-page')) },
      { path: paths.pdfView, ...lazyScreen(() => import('../features/pdf-view/pdf-view-page')) },
      { path: paths.apply, ...lazyScreen(() => import('../features/application/apply/apply-guide-page')) },
      { path: paths.seladd, ...lazyScreen(() => import('../features/application/business-choice/select-region-page')) },
      { path: paths.sel, ...lazyScreen(() => import('../features/application/business-choice/business-type-page')) },
      { path: paths.selapp, ...lazyScreen(() => import('../features/application/business-choice/business-page')) },
      { path: paths.prodoing, ...lazyScreen(() => import('../features/application/applications/application-list-page')) },
      { path: paths.userSign, ...lazyScreen(() => import('../features/application/signing/sign-page')) },
      { path: paths.statements.propertyInfo, ...lazyScreen(() => import('../features/application/statements/property-info-page')) },
      { path: paths.statements.rightsStatements, ...lazyScreen(() => import('../features/application/statements/rights-statements-page')) },
      ...[paths.statements.inquiryRecord, paths.statements.undertakingPreview, paths.statements.inquiryPreview, paths.statements.changeStatementPreview, paths.statements.changeInquiryPreview].map(
        (path) => ({ path, ...lazyScreen(() => import('../features/application/statements/document-page')) }),
      ),
      { path: `${paths.info}/:screen`, ...lazyScreen(() => import('../features/application/info-fill/fill-screen-page')) },
      { path: paths.infoPerson, ...lazyScreen(() => import('../features/application/info-fill/person-page')) },
      { path: paths.infoDyxxinfo, ...lazyScreen(() => import('../features/application/info-fill/unit-page')) },
      { path: paths.infoHouseinfo, ...lazyScreen(() => import('../features/application/info-fill/house-page')) },
      { path: paths.infoDyqinfo, ...lazyScreen(() => import('../features/application/rights-fill/mortgage-page')) },
      { path: paths.infoYgqlxx, ...lazyScreen(() => import('../features/application/rights-fill/pre-notice-page')) },
      { path: paths.infoQlxxinfo, ...lazyScreen(() => import('../features/application/rights-fill/rights-info-page')) },
      { path: paths.upload, ...lazyScreen(() => import('../features/application/materials/upload-page')) },
      ...Object.values(paths.applyDetail).map((path) => ({
        path,
        ...lazyScreen(() => import('../features/application/materials/detail-page')),
      })),
      ...Object.values(paths.recordPreview).map((path) => ({
        path,
        ...lazyScreen(() => import('../features/application/materials/preview-page')),
      })),
      { path: paths.yuyue, ...lazyScreen(() => import('../features/appointments/appointment-list-page')) },
      { path: paths.yuyueForm, ...lazyScreen(() => import('../features/appointments/appointment-form-page')) },
      { path: paths.yuyueDetail, ...lazyScreen(() => import('../features/appointments/appointment-detail-page')) },
      { path: paths.yuyueRecord, ...lazyScreen(() => import('../features/appointments/appointment-record-page')) },
      { path: paths.queue, ...lazyScreen(() => import('../features/queue/queue-home-page')) },
      { path: paths.queueBusiness, ...lazyScreen(() => import('../features/queue/queue-business-page')) },
      { path: paths.queueTime, ...lazyScreen(() => import('../features/queue/queue-time-page')) },
      { path: paths.queueResult, ...lazyScreen(() => import('../features/queue/queue-result-page')) },
      { path: paths.queueOrders, ...lazyScreen(() => import('../features/queue/queue-orders-page')) },
      { path: paths.fwwd, ...lazyScreen(() => import('../features/sites/site-list-page')) },
      { path: paths.zlxz, ...lazyScreen(() => import('../features/downloads/download-list-page')) },
      { path: paths.appointment, ...lazyScreen(() => import('../features/counter-booking/booking-page')) },
      { path: paths.apmorder, ...lazyScreen(() => import('../features/counter-booking/order-page')) },
      { path: paths.apmrecord, ...lazyScreen(() => import('../features/counter-booking/record-page')) },
      { path: paths.querycert, ...lazyScreen(() => import('../features/archive-query/archive-request-page')) },
      { path: paths.ok, ...lazyScreen(() => import('../features/archive-query/archive-ok-page')) },
      { path: paths.querycertrecord, ...lazyScreen(() => import('../features/archive-query/archive-records-page')) },
      ...[paths.catchCertNew, paths.catchCertYhxz, paths.catchcert].map((path) => ({ path, ...lazyScreen(() => import('../features/archive-query/archive-certificate-page')) })),
      { path: paths.bdcqzQuery, ...lazyScreen(() => import('../features/property-query/property-query-page')) },
      { path: paths.notFound, ...lazyScreen(() => import('../features/session/not-found-page')) },
      { path: '*', ...lazyScreen(() => import('../features/session/not-found-page')) },
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
  setTimeout(() => preloadScreens(matchRoutes(routes, asked)), 0);
}

waitFirst();
/** The citizen app's screens, inside main.tsx's BrowserRouter. */
export function HallRoutes() {
  const location = useLocation();
  return <ScreenOutlet resetKey={location.pathname}>{useRoutes(routes)}</ScreenOutlet>;
}
