import type { Database } from '../../db/client';
import { findHallCase } from './hall-cases';
import type { CaseProgress, PropertyUnit, Registry, RegistryCertificate } from './registry';
import { RegistryError } from './registry';

/**
 * No back-office configured (a production hall without REGISTRY_URL): certificate, licence, archive
 * and property queries are not answered here (answers = false), so their records wait for an
 * operator to fulfil them in the console. Asking anyway is a mistake of the caller, hence the errors.
 * The progress query is still answered, from the cases the hall itself accepted.
 */
export class OperatorRegistry implements Registry {
  readonly answers = false;

  constructor(private readonly db: Database) {}

  findCertificate(): Promise<RegistryCertificate | null> {
    return Promise.reject(notConfigured());
  }

  findLicence(): Promise<RegistryCertificate | null> {
    return Promise.reject(notConfigured());
  }

  listCertificatesOf(): Promise<RegistryCertificate[]> {
    return Promise.reject(notConfigured());
  }

  findPropertyUnit(): Promise<PropertyUnit | null> {
    return Promise.reject(notConfigured());
  }

  findCaseProgress(acceptanceNumber: string): Promise<CaseProgress | null> {
    return findHallCase(this.db, acceptanceNumber);
  }
}

function notConfigured(): RegistryError {
  return new RegistryError('no registry back-office is configured (REGISTRY_URL): operators answer these queries');
}
