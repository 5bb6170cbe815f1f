import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { returnAddress } from '../plugins/session';

/**
 * The QR code of the contact page (spec part 1 §2 /ContactUs): the hall's own address, so a citizen
 * can pass the hall on by letting another phone scan it.
 */
export async function hallQrcodeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/online/public/hall-qrcode.svg', async (request, reply) => {
    const address = new URL(returnAddress(request, '/')).origin + '/';
    const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#1f2329', light: '#ffffff' } });
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
  });
}
