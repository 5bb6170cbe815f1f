import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireCitizen } from '../plugins/session';
import { openStoredFile, type StoredFileRow } from '../services/storage/stored-files';
import type { FileStorage } from '../storage/file-storage';
import { notFound } from '../lib/errors';

export interface PictureRoute {
  /** The contract's call: its GET path, and its query schema, which names the picture by id. */
  call: { path: string; body: z.ZodType };
  files: FileStorage;
  /** What a missing (or not-yours) picture answers, with 404. */
  missing: string;
  /** Who may see it: a signed-in citizen (the default), or an operator of a role. */
  authorize?: (request: FastifyRequest) => Promise<void>;
  /** The stored file the session may see under that id, or null. */
  find: (request: FastifyRequest, id: string) => Promise<StoredFileRow | null>;
}

/** A picture shown only to whoever may see it (the owner, an operator), streamed and never cached; failures are errcode envelopes. */
export function registerPictureRoute(app: FastifyInstance, route: PictureRoute): void {
  app.route({
    method: 'GET',
    url: route.call.path,
    schema: { querystring: route.call.body },
    config: { envelope: 'errcode' },
    preHandler: route.authorize ?? requireCitizen,
    handler: async (request, reply) => {
      const id = String((request.query as { id: string }).id).trim();
      const file = await route.find(request, id);
      const stream = file ? await openStoredFile(route.files, file) : null;
      if (!file || !stream) throw notFound(route.missing);
      return reply.type(file.mime).header('content-length', String(file.size)).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(stream);
    },
  });
}
