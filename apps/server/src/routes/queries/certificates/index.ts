import type { FastifyInstance } from 'fastify';
import { queryRoutes } from './queries';
import { downloadLinkRoutes } from './download-links';

/** Certificate and licence queries, their records and documents, and the signature-verification upload (spec part 1 §2, §4, §7). */
export async function queriesArea(app: FastifyInstance): Promise<void> {
  await app.register(queryRoutes);
  await app.register(downloadLinkRoutes);
}
