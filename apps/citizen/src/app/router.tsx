import { waitingGuardRedirect } from '@hall/domain';
import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../stores/session';
import { paths } from '../config/paths';
import { Component as HomePage } from '../features/home/home-page';
import { Component as WaitingPage } from '../features/session/waiting-page';
import { RootLayout } from './root-layout';

/** What a screen's module exports: its page. */
type PageModule = { Component: ComponentType };

/**
 * A route whose screen loads on first use (React.lazy under RootLayout's Suspense); `handle.load`
 * starts that download ahead of time. The hall routes with the router's component API
 * (BrowserRouter and useRoutes) rather than its data router, which the hall does not use (no
 * loaders, actions or fetchers) and which would add 15 KB (brotli) to every first screen.
 */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return { element: <Page />, handle: { load } };
}

/**
 * The hall home and /waiting (where every first visit passes) are in the entry chunk, so the first
 * screen needs no second round of requests; every other route loads lazily.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, Component: HomePage },
      { path: paths.my, ...page(() => import('../features/my/my-page')) },
      { path: paths.mine, ...page(() => import('../features/my/my-page')) },
      { path: paths.waiting, Component: WaitingPage },
      { path: paths.logout, ...page(() => import('../features/session/logout-page')) },
      { path: paths.feedBack, ...page(() => import('../features/feedback/feedback-page')) },
      { path: paths.feedBackList, ...page(() => import('../features/feedback/feedback-list-page')) },
      { path: paths.feedBackDetail, ...page(() => import('../features/feedback/feedback-detail-page')) },
      { path: paths.commonQuesList, ...page(() => import('../features/hall-info/common-questions-page')) },
      { path: paths.contactUs, ...page(() => import('../features/hall-info/contact-us-page')) },
      { path: paths.news, ...page(() => import('../features/articles/article-list-page')) },
      { path: paths.guide, ...page(() => import('../features/articles/article-list-page')) },
      { path: paths.gsgg, ...page(() => import('../features/articles/article-list-page')) },
      { path: paths.laws, ...page(() => import('../features/articles/article-list-page')) },
      { path: `${paths.gov}/:type`, ...page(() => import('../features/articles/article-list-page')) },
      { path: paths.articlecontent, ...page(() => import('../features/articles/article-page')) },
      ...[paths.progressQuery, paths.findaccept].map((path) => ({ path, ...page(() => import('../features/progress/progress-query-page')) })),
      { path: paths.userInfo, ...page(() => import('../features/profile/user-info-page')) },
      { path: paths.certificateQuery, ...page(() => import('../features/queries/query-page')) },
      { path: paths.dzzzQuery, ...page(() => import('../features/queries/query-page')) },
      { path: paths.record, ...page(() => import('../features/queries/record-list-page')) },
      { path: paths.dzzzrecord, ...page(() => import('../features/queries/record-list-page')) },
      { path: paths.dzzzverification, ...page(() => import('../features/queries/verification-page')) },
      { path: paths.dzzzverificationrecord, ...page(() => import('../features/queries/record-list-page')) },
      { path: paths.pdfView, ...page(() => import('../features/pdf-view/pdf-view-page')) },
      { path: paths.apply, ...page(() => import('../features/application/apply/apply-guide-page')) },
      { path: paths.seladd, ...page(() => import('../features/application/business-choice/select-region-page')) },
      { path: paths.sel, ...page(() => import('../features/application/business-choice/business-type-page')) },
      { path: paths.selapp, ...page(() => import('../features/application/business-choice/business-page')) },
      { path: paths.prodoing, ...page(() => import('../features/application/applications/application-list-page')) },
      { path: paths.userSign, ...page(() => import('../features/application/signing/sign-page')) },
      { path: paths.statements.propertyInfo, ...page(() => import('../features/application/statements/property-info-page')) },
      { path: paths.statements.rightsStatements, ...page(() => import('../features/application/statements/rights-statements-page')) },
      ...[paths.statements.inquiryRecord, paths.statements.undertakingPreview, paths.statements.inquiryPreview, paths.statements.changeStatementPreview, paths.statements.changeInquiryPreview].map(
        (path) => ({ path, ...page(() => import('../features/application/statements/document-page')) }),
      ),
      { path: `${paths.info}/:screen`, ...page(() => import('../features/application/info-fill/fill-screen-page')) },
      { path: paths.infoPerson, ...page(() => import('../features/application/info-fill/person-page')) },
      { path: paths.infoDyxxinfo, ...page(() => import('../features/application/info-fill/unit-page')) },
      { path: paths.infoHouseinfo, ...page(() => import('../features/application/info-fill/house-page')) },
      { path: paths.infoDyqinfo, ...page(() => import('../features/application/rights-fill/mortgage-page')) },
      { path: paths.infoYgqlxx, ...page(() => import('../features/application/rights-fill/pre-notice-page')) },
      { path: paths.infoQlxxinfo, ...page(() => import('../features/application/rights-fill/rights-info-page')) },
      { path: paths.upload, ...page(() => import('../features/application/materials/upload-page')) },
      ...Object.values(paths.applyDetail).map((path) => ({
        path,
        ...page(() => import('../features/application/materials/detail-page')),
      })),
      ...Object.values(paths.recordPreview).map((path) => ({
        path,
        ...page(() => import('../features/application/materials/preview-page')),
      })),
      { path: paths.yuyue, ...page(() => import('../features/appointments/appointment-list-page')) },
      { path: paths.yuyueForm, ...page(() => import('../features/appointments/appointment-form-page')) },
      { path: paths.yuyueDetail, ...page(() => import('../features/appointments/appointment-detail-page')) },
      { path: paths.yuyueRecord, ...page(() => import('../features/appointments/appointment-record-page')) },
      { path: paths.queue, ...page(() => import('../features/queue/queue-home-page')) },
      { path: paths.queueBusiness, ...page(() => import('../features/queue/queue-business-page')) },
      { path: paths.queueTime, ...page(() => import('../features/queue/queue-time-page')) },
      { path: paths.queueResult, ...page(() => import('../features/queue/queue-result-page')) },
      { path: paths.queueOrders, ...page(() => import('../features/queue/queue-orders-page')) },
      { path: paths.fwwd, ...page(() => import('../features/sites/site-list-page')) },
      { path: paths.zlxz, ...page(() => import('../features/downloads/download-list-page')) },
      { path: paths.appointment, ...page(() => import('../features/counter-booking/booking-page')) },
      { path: paths.apmorder, ...page(() => import('../features/counter-booking/order-page')) },
      { path: paths.apmrecord, ...page(() => import('../features/counter-booking/record-page')) },
      { path: paths.querycert, ...page(() => import('../features/archive-query/archive-request-page')) },
      { path: paths.ok, ...page(() => import('../features/archive-query/archive-ok-page')) },
      { path: paths.querycertrecord, ...page(() => import('../features/archive-query/archive-records-page')) },
      ...[paths.catchCertNew, paths.catchCertYhxz, paths.catchcert].map((path) => ({ path, ...page(() => import('../features/archive-query/archive-certificate-page')) })),
      { path: paths.bdcqzQuery, ...page(() => import('../features/property-query/property-query-page')) },
      { path: paths.notFound, ...page(() => import('../features/session/not-found-page')) },
      { path: '*', ...page(() => import('../features/session/not-found-page')) },
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
      void (match.route.handle as { load?: () => Promise<PageModule> } | undefined)?.load?.().catch(() => undefined);
    }
  }, 0);
}

waitFirst();
/** The citizen app's screens, inside main.tsx's BrowserRouter. */
export function HallRoutes() {
  return useRoutes(routes);
}
