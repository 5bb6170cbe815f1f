import type { CertificateLookup, RegistryCertificate } from './certificates';

export type { CertificateLookup, RegistryCertificate } from './certificates';

/** A person, by the name and ID number their certificates are registered under. */
export interface RegistryOwner {
  name: string;
  idcard: string;
}

/** A mortgage on a property unit: the mortgagee and the secured amount (万元). */
export interface Mortgage {
  dyqr: string;
  zgzqse: string;
}

/** The property unit a certificate covers, as the property query (searchBdcdyInfoByBdcqzh) shows it. */
export interface PropertyUnit {
  bdcdyh: string;
  zl: string;
  yt: string;
  mj: string;
  mortgages: Mortgage[];
}

/** Where a registration case stands: the step it is at and since when. */
export interface CaseProgress {
  acceptanceNumber: string;
  /** Applicant and matter, as the case is titled. */
  name: string;
  processName: string;
  activityName: string;
  activityStartedAt: Date;
}

/**
 * The registration system (不动产登记库), as the hall asks it. Three implementations: HttpRegistry
 * (a back-office's JSON interface, docs/registry-openapi.yaml), DemoRegistry (the seeded demo
 * tables, demo mode only) and OperatorRegistry (no back-office: operators fulfil the queries).
 * Lookups answer null (or an empty list) when the registry holds nothing matching; a failure to
 * ask throws, so the resolver tries the record again later.
 */
export interface Registry {
  /**
   * Whether certificate, licence, archive and property queries are answered here. False without a
   * back-office: those records then stay pending for an operator to fulfil in the console, instead
   * of being answered "not found". The progress query does not depend on it.
   */
  readonly answers: boolean;
  /** A property certificate (zs) when the owner's name, ID number and the number all match. */
  findCertificate(lookup: CertificateLookup): Promise<RegistryCertificate | null>;
  /** An electronic licence (dzzz), matched as a certificate is. */
  findLicence(lookup: CertificateLookup): Promise<RegistryCertificate | null>;
  /** Every certificate the person holds (the archive query, 查档): name and ID number must both match. */
  listCertificatesOf(owner: RegistryOwner): Promise<RegistryCertificate[]>;
  /** The unit a certificate of the person covers, with its mortgages (the property query). */
  findPropertyUnit(lookup: RegistryOwner & { qzh: string }): Promise<PropertyUnit | null>;
  /** A case by its acceptance number, matched exactly (letter case significant). */
  findCaseProgress(acceptanceNumber: string): Promise<CaseProgress | null>;
}

/** Thrown when the registry could not be asked or its answer cannot be believed. */
export class RegistryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegistryError';
  }
}
