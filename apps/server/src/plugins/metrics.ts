import { createHash, timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failureBody } from '../lib/envelope';
import { queueBacklogs } from '../services/queries/fulfilment/query-resolver';
import { backupStampFile } from '../backup/backup-settings';
import { waitingDeliveries } from '../services/notifications/delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** The internal metrics listener's address (HALL_METRICS_LISTEN), once the app is ready; null without one. */
    metricsListenerAddress(): { host: string; port: number } | null;
  }
}

/** A route that matched nothing (a 404, a probe for /wp-admin): one label, so stray addresses never make new series. */
const UNMATCHED = 'unmatched';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token; both sides hashed first, so the comparison takes the same time whatever the guess. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

/** host:port, or [v6]:port. */
function parseListen(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(value.slice(at + 1)) };
}

/**
 * The hall's Prometheus series (lib/metrics.ts): every request counted and timed by its route pattern,
 * and at each scrape the queues' backlogs and the last backup's time. /metrics is never public: on the
 * hall's port it answers only a bearer HALL_METRICS_TOKEN, and HALL_METRICS_LISTEN serves it alone on
 * an internal address; with neither it answers 404, as any unknown address does.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { metrics, env, db } = app.hall;

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    metrics.requests.inc({ route, method: request.method, status });
    metrics.requestDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (status >= 500) metrics.requestErrors.inc();
    done();
  });

  const stampFile = backupStampFile(env);
  const { queuePending: pending, queueOldestPending: oldest, backupLastSuccess: backup, notificationsWaiting } = metrics;

  /** The whole text a scraper reads: what is counted as it happens, and what is read now (backlogs, backup). */
  async function scrape(): Promise<string> {
    for (const backlog of await queueBacklogs(db)) {
      pending.set({ queue: backlog.queue }, backlog.pending);
      oldest.set({ queue: backlog.queue }, backlog.oldestSeconds);
    }
    notificationsWaiting.set(await waitingDeliveries(db));
    backup.set(
      await stat(stampFile).then(
        (file) => file.mtimeMs / 1000,
        () => 0,
      ),
    );
    return metrics.registry.metrics();
  }

  const token = env.HALL_METRICS_TOKEN;
  app.get('/metrics', async (request, reply) => {
    // The same 404 as any unknown call: nothing tells a visitor that metrics exist here.
    if (!token) return reply.code(404).send(failureBody('plain', '请求的地址不存在', '404'));
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('401 Unauthorized\n');
    }
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await scrape());
  });

  let listener: Server | null = null;
  app.decorate('metricsListenerAddress', () => {
    const address = listener?.address();
    return address && typeof address === 'object' ? { host: address.address, port: address.port } : null;
  });
  if (!env.HALL_METRICS_LISTEN) return;
  const { host, port } = parseListen(env.HALL_METRICS_LISTEN);
  app.addHook('onReady', async () => {
    listener = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404 Not Found\n');
        return;
      }
      scrape().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('500 metrics unavailable\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      listener!.once('error', reject).listen(port, host, () => resolve());
    });
    app.log.info({ host, port: app.metricsListenerAddress()?.port }, 'metrics listener');
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  });
}

export const metricsEndpoint = fp(metricsPlugin, { name: 'metrics' });
