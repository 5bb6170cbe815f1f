import type { FastifyInstance } from 'fastify';
import { queueRoutes } from './queue';

/** Queue numbers (spec part 3 §2.6). */
export async function queueArea(app: FastifyInstance): Promise<void> {
  await app.register(queueRoutes);
}
