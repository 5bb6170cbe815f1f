import { RegistryError, type CertificateLookup, type Registry, type RegistryCertificate } from '../../../adapters/registry/registry';

/** The registry cannot answer now: none is configured, or it failed (an error, a timeout, no connection, a broken reply). */
export const REGISTRY_UNAVAILABLE = Symbol('registry unavailable');

/**
 * The citizen's own certificate, looked up while they wait (relationfilesearch): the registry's
 * answer, or REGISTRY_UNAVAILABLE when it gives none, logged, so the route tells the citizen where
 * to go instead of failing with a server error.
 */
export async function findCertificateNow(
  registry: Pick<Registry, 'answers' | 'findCertificate'>,
  lookup: CertificateLookup,
  log: { warn(details: object, message: string): void },
): Promise<RegistryCertificate | null | typeof REGISTRY_UNAVAILABLE> {
  if (!registry.answers) return REGISTRY_UNAVAILABLE;
  try {
    return await registry.findCertificate(lookup);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    log.warn({ err: error }, 'the registry did not answer a certificate lookup');
    return REGISTRY_UNAVAILABLE;
  }
}
