/**
 * The property certificate query of the registration flow (spec part 3 §2.9): the certificate-number
 * text as the hall prints it, and the year choices.
 */
import { CERTIFICATE_YEAR_COUNT } from './constants';

/** Query type (part 3 §2.9): 1 a certificate or proof issued by this hall, 2 a legacy certificate. */
export const CERTIFICATE_QUERY_TYPES = {
  '1': '证书/证明查询',
  '2': '老证查询',
} as const;

/** Certificate kind, zstype (part 3 §2.9): 1 real-estate right certificate, 2 real-estate proof. */
export const CERTIFICATE_KINDS = {
  '1': '不动产权',
  '2': '不动产证明',
} as const;
export type CertificateKind = keyof typeof CERTIFICATE_KINDS;

/** The region abbreviation and issuing authority printed on the hall's certificates. */
export const CERTIFICATE_REGION = '新';
export const CERTIFICATE_ISSUER = '第六师';
/** The serial is printed zero-padded to this many digits. */
export const CERTIFICATE_SERIAL_DIGITS = 7;

/** Whether a typed serial can be printed: 1 to 7 digits. */
export function isCertificateSerial(value: string | number): boolean {
  return new RegExp(`^\\d{1,${CERTIFICATE_SERIAL_DIGITS}}$`).test(String(value).trim());
}

/**
 * The certificate number text, e.g. 新(2024)第六师不动产权第0001234号 (kind 1) or
 * 新(2024)第六师不动产证明第0001234号 (kind 2). Throws on a kind, year or serial it cannot print,
 * so a malformed number never reaches the registry; check input with isCertificateSerial first.
 */
export function certificateNumberText(input: { year: string | number; kind: string | number; serial: string | number }): string {
  const kind = String(input.kind).trim();
  if (kind !== '1' && kind !== '2') throw new RangeError(`Unknown certificate kind: ${kind}`);
  const year = String(input.year).trim();
  if (!/^\d{4}$/.test(year)) throw new RangeError(`A certificate year has four digits: ${year}`);
  const serial = String(input.serial).trim();
  if (!isCertificateSerial(serial)) throw new RangeError(`A certificate serial has 1 to ${CERTIFICATE_SERIAL_DIGITS} digits: ${serial}`);
  return `${CERTIFICATE_REGION}(${year})${CERTIFICATE_ISSUER}${CERTIFICATE_KINDS[kind]}第${serial.padStart(CERTIFICATE_SERIAL_DIGITS, '0')}号`;
}

/** Year choices, newest first: the current year and the nine before (part 3 §2.9, §9). */
export function certificateYearOptions(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: CERTIFICATE_YEAR_COUNT }, (_, i) => year - i);
}
