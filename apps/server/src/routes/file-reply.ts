import type { Readable } from 'node:stream';
import type { CallDefinition } from '@hall/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { refuseOthersPayload, requireCitizen } from '../plugins/session';

/** Files answered as files (PDFs to view inline), shared by the query and archive routes. */

export const FILE_NOT_FOUND = '文件不存在或无权查看';

/** A PDF the viewer shows inline under its Chinese name, for its owner only: never cached, never sniffed. */
export function sendInlinePdf(reply: FastifyReply, fileName: string, body: Readable | Buffer, size: number): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-length', String(size))
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * A route that answers a file: validated by the contract's schema like any call, for the session's
 * citizen only, failures in the state envelope with a Chinese message.
 */
export function registerFileCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (request: FastifyRequest & { body: z.output<C['body']> }, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  const isGet = call.method === 'GET';
  app.route({
    method: call.method,
    url: call.path,
    schema: isGet ? { querystring: call.body } : { body: call.body },
    config: { envelope: 'state' },
    preHandler: async (request) => {
      await requireCitizen(request);
      refuseOthersPayload(request, isGet ? request.query : request.body);
    },
    handler: async (request, reply) => {
      if (isGet) (request as { body: unknown }).body = request.query;
      return handler(request as FastifyRequest & { body: z.output<C['body']> }, reply);
    },
  });
}
