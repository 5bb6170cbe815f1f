import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { hasConfiguredOrigin, publicOrigin } from '../../../lib/public-origin';

/**
 * The QR code of the contact page (spec part 1 §2 /ContactUs): the hall's own address, so a citizen
 * can pass the hall on by letting another phone scan it.
 */
export async function hallQrcodeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/online/public/hall-qrcode.svg', async (request, reply) => {
    const address = `${publicOrigin(request)}/`;
    const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#1f2329', light: '#ffffff' } });
    // Built from the configured address it is the same for everyone; from the browser's own address (a demo hall) it is not.
    const caching = hasConfiguredOrigin(request) ? 'public, max-age=86400' : 'private, no-store';
    return reply.type('image/svg+xml').header('Cache-Control', caching).send(svg);
  });
}
