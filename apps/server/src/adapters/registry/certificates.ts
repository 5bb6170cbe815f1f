import { normalizeIdNumber } from '@hall/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { registryCertificates } from '../../db/schema';

/** What the registration system answers about one property certificate. */
export interface RegistryCertificate {
  /** The certificate number. */
  qzh: string;
  /** The real-estate unit number. */
  bdcdyh: string;
  ownerName: string;
  ownerIdcard: string;
  /** Location, use and area (m²). */
  zl: string;
  yt: string;
  mj: string;
  xzqdm: string;
  /** Mortgages and seizures as the registry reports them. */
  extra: Record<string, unknown>;
}

export interface CertificateLookup {
  name: string;
  idcard: string;
  qzh: string;
  xzqdm: string;
}

/** The registration system's certificate lookup: the certificate when the owner's name, ID and number all match, else null. */
export interface CertificateRegistry {
  /**
   * False when no registry is configured (a production hall without a back-office interface):
   * certificate, licence, archive and property queries then stay pending instead of being answered
   * "not found", for an operator to fulfil.
   */
  readonly answers: boolean;
  lookupCertificate(query: CertificateLookup): Promise<RegistryCertificate | null>;
  /** Every certificate held by the person (the archive query, 查档): name and ID number must both match. */
  listCertificatesOf(owner: { name: string; idcard: string }): Promise<RegistryCertificate[]>;
}

/**
 * The simulator: the hall's own demo registry (registry_certificates, seeded). The certificate
 * number must match exactly, the owner's name after trimming, the ID number with a trailing x or X alike.
 */
export class SimulatedCertificateRegistry implements CertificateRegistry {
  readonly answers = true;

  constructor(private readonly db: Database) {}

  async lookupCertificate(query: CertificateLookup): Promise<RegistryCertificate | null> {
    const [row] = await this.db.select().from(registryCertificates).where(eq(registryCertificates.qzh, query.qzh));
    if (!row) return null;
    if (row.ownerName.trim() !== query.name.trim()) return null;
    if (normalizeIdNumber(row.ownerIdcard) !== normalizeIdNumber(query.idcard)) return null;
    return toCertificate(row);
  }

  async listCertificatesOf(owner: { name: string; idcard: string }): Promise<RegistryCertificate[]> {
    const idcard = normalizeIdNumber(owner.idcard);
    const rows = await this.db
      .select()
      .from(registryCertificates)
      .where(and(eq(registryCertificates.ownerName, owner.name.trim()), sql`upper(btrim(${registryCertificates.ownerIdcard})) = ${idcard}`))
      .orderBy(asc(registryCertificates.qzh));
    return rows.map(toCertificate);
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

/** No registry configured: it answers nothing, so the queries wait for an operator. */
export class UnansweredRegistry implements CertificateRegistry {
  readonly answers = false;

  lookupCertificate(): Promise<RegistryCertificate | null> {
    return Promise.reject(new Error('no registry is configured'));
  }

  listCertificatesOf(): Promise<RegistryCertificate[]> {
    return Promise.reject(new Error('no registry is configured'));
  }
}
