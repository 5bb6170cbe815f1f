import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin';
import { reviewRoutes } from './review';

/** The operators' side: the admin shell's start and the review of applications. */
export async function reviewArea(app: FastifyInstance): Promise<void> {
  await app.register(adminRoutes);
  await app.register(reviewRoutes);
}
