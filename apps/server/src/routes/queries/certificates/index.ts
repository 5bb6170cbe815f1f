import type { FastifyInstance } from 'fastify';
import { queryRoutes } from './queries';

/** Certificate and licence queries, their records and documents, and the signature-verification upload (spec part 1 §2, §4, §7). */
export async function queriesArea(app: FastifyInstance): Promise<void> {
  await app.register(queryRoutes);
}
