/** What the registration system answers about one property certificate or electronic licence. */
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
  /** Mortgages ({ dyqr, zgzqse }) and seizures ({ cfjg }) as the registry reports them. */
  extra: Record<string, unknown>;
}

/** A certificate or licence asked for by its number, for the person who says they own it. */
export interface CertificateLookup {
  name: string;
  idcard: string;
  qzh: string;
  /** The district the citizen chose; '' when the query names none (the property query). */
  xzqdm: string;
}
