import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCitizen } from '../plugins/session';
import { openStoredFile, type StoredFileRow } from '../services/stored-files';
import type { FileStorage } from '../storage/file-storage';
import { notFound } from './errors';

export interface PictureRoute {
  /** The GET path; the picture is named by the query's id. */
  path: string;
  files: FileStorage;
  /** What a missing (or not-yours) picture answers, with 404. */
  missing: string;
  /** Further checks after the session, e.g. that the citizen is an operator. */
  authorize?: (request: FastifyRequest) => Promise<void>;
  /** The stored file the session may see under that id, or null. */
  find: (request: FastifyRequest, id: string) => Promise<StoredFileRow | null>;
}

/** A picture shown only to a signed-in citizen allowed to see it, streamed and never cached; failures are errcode envelopes. */
export function registerPictureRoute(app: FastifyInstance, route: PictureRoute): void {
  app.route({
    method: 'GET',
    url: route.path,
    config: { envelope: 'errcode' },
    preHandler: async (request) => {
      await requireCitizen(request);
      await route.authorize?.(request);
    },
    handler: async (request, reply) => {
      const id = String((request.query as { id?: unknown }).id ?? '').trim().slice(0, 64);
      const file = id ? await route.find(request, id) : null;
      const stream = file ? await openStoredFile(route.files, file) : null;
      if (!file || !stream) throw notFound(route.missing);
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });
}
