import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { readMapConfig } from '../../../services/content/public/map-config';

/** The map of the service-site list (spec part 3 §2.18); the sites are the appointment call area/. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  registerCall(app, contract.getMapConfig, { auth: 'public' }, async () => ({ errcode: '00', data: await readMapConfig(db) }));
}
