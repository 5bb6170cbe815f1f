import { normalizeIdNumber } from '@hall/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { registryCertificates } from '../../db/schema';
import { sameBlindIndex } from '../../db/sealed/sealed-columns';
import { findHallCase } from './hall-cases';
import type { CaseProgress, CertificateLookup, PropertyUnit, Registry, RegistryCertificate, RegistryOwner } from './registry';

/**
 * The demo registry (demo mode only): the seeded registry_certificates, which hold certificates and
 * licences alike, and registry_cases. The certificate number must match exactly, the owner's name
 * after trimming, the ID number with a trailing x or X alike.
 */
export class DemoRegistry implements Registry {
  readonly answers = true;

  constructor(private readonly db: Database) {}

  async findCertificate(lookup: CertificateLookup): Promise<RegistryCertificate | null> {
    const [row] = await this.db.select().from(registryCertificates).where(eq(registryCertificates.qzh, lookup.qzh));
    if (!row) return null;
    if (row.ownerName.trim() !== lookup.name.trim()) return null;
    if (normalizeIdNumber(row.ownerIdcard) !== normalizeIdNumber(lookup.idcard)) return null;
    return toCertificate(row);
  }

  findLicence(lookup: CertificateLookup): Promise<RegistryCertificate | null> {
    return this.findCertificate(lookup);
  }

  async listCertificatesOf(owner: RegistryOwner): Promise<RegistryCertificate[]> {
    // The owner's ID number is found by its blind index; the name, sealed without one, is compared once read.
    const rows = await this.db
      .select()
      .from(registryCertificates)
      .where(sameBlindIndex(registryCertificates.ownerIdcard, 'idNumber', owner.idcard))
      .orderBy(asc(registryCertificates.qzh));
    return rows.filter((row) => row.ownerName === owner.name.trim()).map(toCertificate);
  }

  async findPropertyUnit(lookup: RegistryOwner & { qzh: string }): Promise<PropertyUnit | null> {
    const certificate = await this.findCertificate({ ...lookup, xzqdm: '' });
    if (!certificate) return null;
    const mortgages = Array.isArray(certificate.extra.mortgages) ? (certificate.extra.mortgages as Array<Record<string, unknown>>) : [];
    return {
      bdcdyh: certificate.bdcdyh,
      zl: certificate.zl,
      yt: certificate.yt,
      mj: certificate.mj,
      mortgages: mortgages.map((m) => ({ dyqr: String(m.dyqr ?? ''), zgzqse: String(m.zgzqse ?? '') })),
    };
  }

  findCaseProgress(acceptanceNumber: string): Promise<CaseProgress | null> {
    return findHallCase(this.db, acceptanceNumber);
  }
}

function toCertificate(row: typeof registryCertificates.$inferSelect): RegistryCertificate {
  return {
    qzh: row.qzh,
    bdcdyh: row.bdcdyh,
    ownerName: row.ownerName,
    ownerIdcard: normalizeIdNumber(row.ownerIdcard),
    zl: row.zl,
    yt: row.yt,
    mj: row.mj,
    xzqdm: row.xzqdm,
    extra: row.extra,
  };
}
