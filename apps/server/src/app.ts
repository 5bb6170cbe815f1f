import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { HallContext } from './context';
import type { SignedInOperator } from './services/operators/operator-sessions';
import { registerErrorHandler } from './plugins/errors';
import { crossSiteGuard } from './plugins/cross-site-guard';
import { rateLimits } from './plugins/rate-limits';
import { slowRequestGuard } from './plugins/slow-request-guard';
import { inputGuard } from './plugins/input-guard';
import { metricsEndpoint } from './plugins/metrics';
import { readiness } from './plugins/readiness';
import { staticApps } from './plugins/static-apps';
import { wxMenuReader } from './services/session/wx-menu';
import { randomId } from './lib/ids';
import { replySerializerCompiler } from './lib/reply-serializer';
import { compressReplies } from './lib/reply-compression';
import { securityHeaders } from './lib/security-headers';
import { keptRead } from './db/kept-read';
import { safeErrorLog } from './lib/safe-error-log';
import { SimulatedSmsSender } from './adapters/sms/sms';
import { sessionArea } from './routes/session';
import { contentArea } from './routes/content/public';
import { queriesArea } from './routes/queries/certificates';
import { applicationsArea } from './routes/applications';
import { reviewArea } from './routes/review';
import { appointmentsArea } from './routes/appointments/booking';
import { queueArea } from './routes/queue/citizen';
import { queueCallingArea } from './routes/queue/counter';
import { archiveArea } from './routes/queries/archive';
import { simulatorArea } from './routes/simulator';
import { operatorsArea } from './routes/operators';
import { statisticsArea } from './routes/statistics';
import { feedbackInboxArea } from './routes/content/inbox';
import { ratingsArea } from './routes/ratings';
import { appointmentSettingsArea } from './routes/appointments/settings';
import { counterDayArea } from './routes/appointments/day';
import { fulfilmentArea } from './routes/queries/fulfilment';
import { contentConsoleArea } from './routes/content/console';
import { hallSetupArea } from './routes/hall-setup';
import { backupSchedule } from './jobs/backup-schedule';
import { housekeeping } from './jobs/housekeeping';
import { queryResolverJob } from './jobs/query-resolver';
import { storageRetention } from './jobs/storage-retention';
import { notificationDeliveryJob } from './jobs/notification-delivery';
import { bookingReminders } from './jobs/booking-reminders';
import { notificationsArea } from './routes/notifications';
import { loggedUrl } from './lib/logged-url';

/**
 * The background jobs of every process, from app start to app close (the calendar's extension is
 * started by main.ts, so apps built by tests do not run it). Before the areas: the query routes wake
 * the resolver.
 */
const JOBS = [housekeeping, queryResolverJob, storageRetention, backupSchedule, notificationDeliveryJob, bookingReminders];

/**
 * The business areas, each a folder pair routes/<area>/ (its index.ts registers the area's routes)
 * and services/<area>/; a new area is one more entry here.
 */
const AREAS = [
  sessionArea,
  contentArea,
  queriesArea,
  applicationsArea,
  operatorsArea,
  reviewArea,
  appointmentsArea,
  queueArea,
  queueCallingArea,
  archiveArea,
  feedbackInboxArea,
  appointmentSettingsArea,
  counterDayArea,
  fulfilmentArea,
  statisticsArea,
  notificationsArea,
  contentConsoleArea,
  hallSetupArea,
  ratingsArea,
  simulatorArea,
];

/** Replies smaller than this go out as they are. */
const COMPRESS_THRESHOLD = 1024;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The hall server as one Fastify instance; main.ts only starts it. */
export async function buildApp(hall: HallContext, options: BuildOptions = {}) {
  // Errors are logged without the values of their queries (lib/safe-error-log.ts).
  const logger: FastifyServerOptions['logger'] =
    options.logger && typeof options.logger === 'object'
      ? { ...options.logger, serializers: { ...options.logger.serializers, err: (error: Error) => safeErrorLog(error) } }
      : (options.logger ?? false);
  // Request ids for the log: this process's random prefix and a counter (no random bytes per request).
  const requestIdPrefix = randomId(6);
  let requestCount = 0;
  const app = Fastify({
    logger,
    genReqId: () => `${requestIdPrefix}${(requestCount += 1).toString(36)}`,
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: hall.env.HALL_TRUST_PROXY ? hall.env.HALL_TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    // Outer bounds behind the slow-request guard: a socket idle this long closes; no request, not
    // even a 500 MB upload on a slow line, takes longer than half an hour.
    connectionTimeout: hall.env.HALL_SOCKET_IDLE_MS,
    requestTimeout: 30 * 60 * 1000,
  });
  // Headers come in one go from any real client; a connection that trickles them is closed.
  app.server.headersTimeout = 20_000;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: loggedUrl(request.url), ip: request.ip, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(hall.env.HALL_REPLY_CHECK));
  app.decorate('hall', hall);
  // Requests counted and timed by route pattern; /metrics for the scraper only.
  await app.register(metricsEndpoint);
  // The home's menus and banners, the same for everyone: kept until the content console changes them.
  const wxMenu = keptRead(hall.db, 'wx_menu', { load: wxMenuReader(hall.db, hall.staticApps.publicDir), keyOf: () => '', maxKeys: 1 });
  app.decorate('wxMenu', () => wxMenu(undefined));
  app.decorateRequest('hall', { getter: () => hall });
  app.decorateRequest('citizen', null as unknown as { openid: string; sessionId: string });
  app.decorateRequest('operator', null as unknown as SignedInOperator);
  registerErrorHandler(app);

  const headers = securityHeaders({
    // The apps are single-page bundles with their own hashed scripts; styles from antd-mobile are inline.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Helmet adds upgrade-insecure-requests by default, which blanks the app at any plain-http
        // address but loopback (a phone on the hall's Wi-Fi, an intranet): sent only when the hall is https.
        upgradeInsecureRequests: hall.env.HALL_PUBLIC_URL?.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The hall's own requests carry their Referer (the cross-site guard's fallback where a browser
    // sends no Sec-Fetch-Site); other sites never see the hall's addresses.
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The calls' JSON replies in one go, public ones once (lib/reply-compression.ts); files and big replies by @fastify/compress.
  compressReplies(app, { threshold: COMPRESS_THRESHOLD });
  // Request bodies are never compressed by a phone: no route inflates one (a zip bomb finds nothing to open).
  await app.register(compress, { globalCompression: true, globalDecompression: false, threshold: COMPRESS_THRESHOLD });
  await app.register(cookie, { secret: hall.cookieSecret });
  await app.register(formbody);
  await app.register(slowRequestGuard, { bodyTimeoutMs: hall.env.HALL_BODY_TIMEOUT_MS });
  await app.register(crossSiteGuard);
  await app.register(rateLimits);
  await app.register(inputGuard);

  // Liveness: the process answers. Readiness (/readyz) and /metrics: plugins/readiness.ts, plugins/metrics.ts.
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(readiness);
  // The SMS simulator writes its codes to this app's log.
  if (hall.sms instanceof SimulatedSmsSender) hall.sms.useLogger(app.log);
  for (const job of JOBS) await app.register(job);
  for (const area of AREAS) await app.register(area);
  // The home's first banner is its largest paint: the page names it in its HTML, so it loads beside the scripts.
  await app.register(staticApps, { ...hall.staticApps, homeImages: async () => (await app.wxMenu()).data.banners.slice(0, 1).map((banner) => banner.url) });
  return app;
}

export type HallApp = Awaited<ReturnType<typeof buildApp>>;
