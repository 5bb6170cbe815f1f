import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts';
import { consoleSignInRoutes } from './sign-in';

/** The operators' own side of the console: signing in, their accounts and the audit trail. */
export async function operatorsArea(app: FastifyInstance): Promise<void> {
  await app.register(consoleSignInRoutes);
  await app.register(accountRoutes);
}
