import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { HallContext } from './context';
import { registerErrorHandler } from './plugins/errors';
import { crossSiteGuard } from './plugins/cross-site-guard';
import { rateLimits } from './plugins/rate-limits';
import { housekeeping } from './plugins/housekeeping';
import { slowRequestGuard } from './plugins/slow-request-guard';
import { inputGuard } from './plugins/input-guard';
import { staticApps } from './plugins/static-apps';
import { randomId } from './lib/ids';
import { safeErrorLog } from './lib/safe-error-log';
import { sessionRoutes } from './routes/session';
import { adminRoutes } from './routes/admin';
import { hallQrcodeRoutes } from './routes/hall-qrcode';
import { profileRoutes } from './routes/profile';
import { feedbackRoutes } from './routes/feedback';
import { contentRoutes } from './routes/content';
import { queryRoutes } from './routes/queries';
import { wechatSimulatorRoutes } from './routes/simulator/wechat';
import { phoneCodeRoutes } from './routes/phone-code';
import { faceRoutes } from './routes/face';
import { smsSimulatorRoutes } from './routes/simulator/sms';
import { faceSimulatorRoutes } from './routes/simulator/faceid';
import { SimulatedSmsSender } from './adapters/sms/sms';
import { applyCatalogueRoutes } from './routes/apply-catalogue';
import { applicationRoutes } from './routes/applications';
import { applicationFillRoutes } from './routes/application-fill';
import { applicationMaterialRoutes } from './routes/application-materials';
import { wechatPlatformSimulatorRoutes } from './routes/simulator/wechat-platform';
import { appointmentRoutes } from './routes/appointments';
import { appointmentListRoutes } from './routes/appointment-list';
import { statementRoutes } from './routes/statements';
import { counterBookingRoutes } from './routes/counter-booking';
import { reviewRoutes } from './routes/review';
import { queueRoutes } from './routes/queue';
import { downloadRoutes } from './routes/downloads';
import { siteRoutes } from './routes/sites';
import { archiveQueryRoutes } from './routes/archive-query';
import { storageRetention } from './plugins/storage-retention';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The hall server as one Fastify instance; main.ts only starts it. */
export async function buildApp(hall: HallContext, options: BuildOptions = {}) {
  // Errors are logged without the values of their queries (lib/safe-error-log.ts).
  const logger: FastifyServerOptions['logger'] =
    options.logger && typeof options.logger === 'object' ? { ...options.logger, serializers: { ...options.logger.serializers, err: (error: Error) => safeErrorLog(error) } } : (options.logger ?? false);
  const app = Fastify({
    logger,
    genReqId: () => randomId(9),
    trustProxy: hall.env.HALL_TRUST_PROXY ? hall.env.HALL_TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    // Outer bounds behind the slow-request guard: a socket idle this long closes; no request, not
    // even a 500 MB upload on a slow line, takes longer than half an hour.
    connectionTimeout: hall.env.HALL_SOCKET_IDLE_MS,
    requestTimeout: 30 * 60 * 1000,
  });
  // Headers come in one go from any real client; a connection that trickles them is closed.
  app.server.headersTimeout = 20_000;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('hall', hall);
  app.decorateRequest('hall', { getter: () => hall });
  app.decorateRequest('citizen', null as unknown as { openid: string; sessionId: string });
  registerErrorHandler(app);

  await app.register(helmet, {
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
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie, { secret: hall.cookieSecret });
  await app.register(formbody);
  await app.register(slowRequestGuard, { bodyTimeoutMs: hall.env.HALL_BODY_TIMEOUT_MS });
  await app.register(crossSiteGuard);
  await app.register(rateLimits);
  await app.register(housekeeping);
  await app.register(inputGuard);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(sessionRoutes);
  await app.register(adminRoutes);
  await app.register(hallQrcodeRoutes);
  await app.register(profileRoutes);
  await app.register(feedbackRoutes);
  await app.register(contentRoutes);
  await app.register(queryRoutes);
  if (hall.simulators.wechat) await app.register(wechatSimulatorRoutes, { prefix: '/simulator/wechat' });
  if (hall.simulators.wechat) await app.register(wechatPlatformSimulatorRoutes, { prefix: '/simulator/wechat' });
  await app.register(phoneCodeRoutes);
  await app.register(faceRoutes);
  await app.register(applyCatalogueRoutes);
  await app.register(applicationRoutes);
  await app.register(applicationFillRoutes);
  await app.register(applicationMaterialRoutes);
  await app.register(appointmentRoutes);
  await app.register(appointmentListRoutes);
  await app.register(statementRoutes);
  await app.register(counterBookingRoutes);
  await app.register(reviewRoutes);
  await app.register(queueRoutes);
  await app.register(downloadRoutes);
  await app.register(siteRoutes);
  await app.register(archiveQueryRoutes);
  await app.register(storageRetention);
  // The SMS simulator writes its codes to this app's log.
  if (hall.sms instanceof SimulatedSmsSender) hall.sms.useLogger(app.log);
  if (hall.simulators.sms) await app.register(smsSimulatorRoutes);
  if (hall.simulators.faceid) await app.register(faceSimulatorRoutes);
  await app.register(staticApps, hall.staticApps);
  return app;
}

export type HallApp = Awaited<ReturnType<typeof buildApp>>;
