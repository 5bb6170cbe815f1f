import { sessionCalls } from './calls/session';
import { notificationCalls } from './calls/notifications';
import { downloadLinkCalls, webSignInCalls } from './calls/web-sign-in';
import { adminCalls } from './calls/admin';
import { profileCalls } from './calls/profile';
import { contentCalls } from './calls/content';
import { queryCalls } from './calls/queries';
import { applyCalls } from './calls/apply';
import { applyFillCalls } from './calls/apply-fill';
import { appointmentCalls } from './calls/appointments';
import { appointmentListCalls } from './calls/appointment-list';
import { statementCalls } from './calls/statements';
import { reviewCalls } from './calls/review';
import { archiveQueryCalls } from './calls/archive-query';
import { counterBookingCalls } from './calls/counter-booking';
import { queueCalls } from './calls/queue';
import { queueCallingCalls } from './calls/queue-calling';
import { downloadCalls } from './calls/downloads';
import { siteCalls } from './calls/sites';
import { operatorCalls } from './calls/operators';
import { statisticsCalls } from './calls/statistics';
import { feedbackInboxCalls } from './calls/feedback-inbox';
import { fulfilmentCalls } from './calls/fulfilment';
import { appointmentSettingsCalls } from './calls/appointment-settings';
import { hallSetupCalls } from './calls/hall-setup';
import { counterDayCalls } from './calls/counter-day';
import { ratingCalls } from './calls/ratings';
import { contentConsoleCalls, contentDownloadCalls, contentGuideCalls, contentHomeCalls, contentInfoCalls, contentSiteCalls } from './calls/content-console';

/** Every call of the hall, by name: the one contract the server and the apps share. */
export const contract = {
  ...sessionCalls,
  ...webSignInCalls,
  ...downloadLinkCalls,
  ...adminCalls,
  ...profileCalls,
  ...contentCalls,
  ...notificationCalls,
  ...queryCalls,
  ...applyCalls,
  ...applyFillCalls,
  ...appointmentCalls,
  ...appointmentListCalls,
  ...statementCalls,
  ...reviewCalls,
  ...archiveQueryCalls,
  ...counterBookingCalls,
  ...queueCalls,
  ...queueCallingCalls,
  ...downloadCalls,
  ...siteCalls,
  ...operatorCalls,
  ...statisticsCalls,
  ...feedbackInboxCalls,
  ...fulfilmentCalls,
  ...appointmentSettingsCalls,
  ...hallSetupCalls,
  ...counterDayCalls,
  ...contentConsoleCalls,
  ...contentHomeCalls,
  ...contentInfoCalls,
  ...contentSiteCalls,
  ...contentDownloadCalls,
  ...contentGuideCalls,
  ...ratingCalls,
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
