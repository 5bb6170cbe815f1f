import type { FastifyInstance } from 'fastify';
import { archiveQueryRoutes } from './archive-query';

/** Archive, property and progress queries (spec part 3 §2.7, §2.8). */
export async function archiveArea(app: FastifyInstance): Promise<void> {
  await app.register(archiveQueryRoutes);
}
