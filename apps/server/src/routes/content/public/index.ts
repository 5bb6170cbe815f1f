import type { FastifyInstance } from 'fastify';
import { hallQrcodeRoutes } from './hall-qrcode';
import { feedbackRoutes } from './feedback';
import { contentRoutes } from './content';
import { downloadRoutes } from './downloads';
import { siteRoutes } from './sites';

/** What the hall shows everyone: articles, guides, questions, feedback, downloads, the site map and the hall's QR code. */
export async function contentArea(app: FastifyInstance): Promise<void> {
  await app.register(hallQrcodeRoutes);
  await app.register(feedbackRoutes);
  await app.register(contentRoutes);
  await app.register(downloadRoutes);
  await app.register(siteRoutes);
}
