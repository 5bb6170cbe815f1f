import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startQueryResolver, type QueryResolverLoop, type QueueName } from '../services/queries/fulfilment/query-resolver';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a pass of the resolver's queue soon; nothing where this process runs no resolver. */
    wakeQueryResolver(queue: QueueName): void;
  }
}

/**
 * Runs the resolver that answers pending query records (certificate, licence, archive, property,
 * verification) in this process from app start to app close, every HALL_QUERY_POLL_MS; 0 leaves it to
 * other processes. A submitted query wakes its queue through wakeQueryResolver.
 */
async function queryResolverPlugin(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  const intervalMs = hall.env.HALL_QUERY_POLL_MS;
  let resolver: QueryResolverLoop | null = null;
  app.decorate('wakeQueryResolver', (queue: QueueName) => resolver?.wake(queue));
  if (intervalMs === 0) return;
  app.addHook('onReady', async () => {
    resolver = startQueryResolver(hall, { intervalMs, log: app.log });
  });
  app.addHook('onClose', async () => {
    await resolver?.stop();
  });
}

export const queryResolverJob = fp(queryResolverPlugin, { name: 'query-resolver' });
