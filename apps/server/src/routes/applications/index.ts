import type { FastifyInstance } from 'fastify';
import { applyCatalogueRoutes } from './apply-catalogue';
import { applicationRoutes } from './applications';
import { applicationFillRoutes } from './application-fill';
import { applicationMaterialRoutes } from './application-materials';
import { statementRoutes } from './statements';
import { receiptRoutes } from './receipt';

/** The application flow (spec part 2): the catalogue, applications, their fill screens, materials, statements and receipts. */
export async function applicationsArea(app: FastifyInstance): Promise<void> {
  await app.register(applyCatalogueRoutes);
  await app.register(applicationRoutes);
  await app.register(applicationFillRoutes);
  await app.register(applicationMaterialRoutes);
  await app.register(statementRoutes);
  await app.register(receiptRoutes);
}
