import { contract } from '@hall/api';
import { citizenPaths, getHref } from '@hall/domain/internal';
import type { FastifyInstance } from 'fastify';
import { renderAcceptanceReceiptPdf } from '../../documents/acceptance-receipt';
import { publicOrigin } from '../../lib/public-origin';
import { receiptOf } from '../../services/applications/receipt';
import { registerFileCall, sendInlinePdf } from '../file-reply';

/** The 受理回执 of a submitted application (issue 37 point 4): a signed PDF, for its owner only. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  registerFileCall(app, contract.applicationReceipt, async (request, reply) => {
    const origin = publicOrigin(request);
    const input = await receiptOf(app.hall.db, request.citizen.openid, request.body.slsqId, (appPlosh) => `${origin}${getHref(citizenPaths.progressQuery, { appPlosh })}`);
    const pdf = await renderAcceptanceReceiptPdf(input, app.hall.documentSigner);
    return sendInlinePdf(reply, `受理回执-${input.acceptanceNumber}.pdf`, pdf, pdf.length);
  });
}
