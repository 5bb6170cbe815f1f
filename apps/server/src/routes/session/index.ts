import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './session';
import { profileRoutes } from './profile';
import { phoneCodeRoutes } from './phone-code';
import { faceRoutes } from './face';
import { webSignInRoutes } from './web-sign-in';
import { unifiedIdentityRoutes } from './unified-identity';

/** Sign-in and the session, the citizen's profile, face checks and phone codes (spec part 1). */
export async function sessionArea(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
  await app.register(phoneCodeRoutes);
  await app.register(faceRoutes);
  await app.register(webSignInRoutes);
  await app.register(unifiedIdentityRoutes);
}
