import * as asn1js from 'asn1js';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { pemBlocks } from '../src/documents/signing/certificates';
import { CA_FOR_TEN_YEARS, DISTID, openssl } from './signing-helpers';

/**
 * OFD e-licences for the tests: a zip written here byte by byte (so a test can make it lie), the
 * files of GB/T 33190, and an SES_Signature of GB/T 38540 (version 4) whose SM2 signatures, the
 * signer's and the seal maker's, openssl computes with the standard ID.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Stored as is, or deflated (the default). */
  store?: boolean;
  /** The inflated size the headers declare, when a test makes them lie. */
  declaredSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of the entries, in order: local headers and data, the central directory, its end record. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.store ? entry.data : deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.store ? 0 : 8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5a21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.store ? 0 : 8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5a21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A PNG of RGBA pixels, `pixel(x, y)` giving each as [r, g, b, a]: the chunks written here, the rows deflated. */
export function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rows.set(pixel(x, y), y * (1 + width * 4) + 1 + x * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A seal's picture as issuers draw it: a red ring and a red disc at its centre on a transparent ground. */
export const SEAL_PNG = png(64, 64, (x, y) => {
  const r = Math.hypot(x - 31.5, y - 31.5);
  return (r >= 26 && r <= 31) || r <= 10 ? [220, 20, 30, 255] : [0, 0, 0, 0];
});

/** Where the test e-licence's seal sits: on the page of ID 1, its Boundary in mm. */
export const STAMP_BOUNDARY = [120, 200, 40, 40] as const;

const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';

export const DOC_INFO = { title: '不动产权证书电子证照', author: '测试市不动产登记中心', creationDate: '2026-03-01' };

export function ofdXml(options: { signatures?: boolean; docInfoExtra?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD ${NS} Version="1.1" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>6f2b0c1d9e8a4b7c</ofd:DocID><ofd:Title>${DOC_INFO.title}</ofd:Title><ofd:Author>${DOC_INFO.author}</ofd:Author><ofd:CreationDate>${DOC_INFO.creationDate}</ofd:CreationDate>${options.docInfoExtra ?? ''}</ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot>${options.signatures === false ? '' : '<ofd:Signatures>Doc_0/Signs/Signatures.xml</ofd:Signatures>'}</ofd:DocBody></ofd:OFD>`;
}

const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>10</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 297</ofd:PhysicalBox></ofd:PageArea></ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/><ofd:Page ID="2" BaseLoc="Pages/Page_1/Content.xml"/></ofd:Pages></ofd:Document>`;

export function pageXml(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Page ${NS}><ofd:Content><ofd:Layer ID="3"><ofd:TextObject ID="4" Boundary="20 20 170 10" Font="5" Size="5"><ofd:TextCode X="0" Y="5">${text}</ofd:TextCode></ofd:TextObject></ofd:Layer></ofd:Content></ofd:Page>`;
}

export function signaturesXml(list: Array<{ id: string; baseLoc: string }>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Signatures ${NS}><ofd:MaxSignId>${list.length}</ofd:MaxSignId>${list.map((s) => `<ofd:Signature ID="${s.id}" Type="Seal" BaseLoc="${s.baseLoc}"/>`).join('')}</ofd:Signatures>`;
}

/** StampAnnots of the seal: where it shows on the pages (GB/T 33190 §18.2.3). */
export interface StampAnnotSpec {
  pageRef: string;
  boundary: string;
  clip?: string;
}

const DEFAULT_STAMPS: StampAnnotSpec[] = [{ pageRef: '1', boundary: STAMP_BOUNDARY.join(' ') }];

function signatureXml(references: Array<{ path: string; content: Buffer }>, stamps: StampAnnotSpec[]): Buffer {
  const items = references.map((r) => `<ofd:Reference FileRef="/${r.path}"><ofd:CheckValue>${createHash('sm3').update(r.content).digest('base64')}</ofd:CheckValue></ofd:Reference>`).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:Signature ${NS}><ofd:SignedInfo><ofd:Provider ProviderName="hall-test" Version="1.0"/><ofd:SignatureMethod>1.2.156.10197.1.501</ofd:SignatureMethod><ofd:SignatureDateTime>20260301080000Z</ofd:SignatureDateTime><ofd:References CheckMethod="1.2.156.10197.1.401">${items}</ofd:References>${stamps.map((s, i) => `<ofd:StampAnnot ID="${i + 1}" PageRef="${s.pageRef}" Boundary="${s.boundary}"${s.clip ? ` Clip="${s.clip}"` : ''}/>`).join('')}</ofd:SignedInfo><ofd:SignedValue>/Doc_0/Signs/Sign_0/SignedValue.dat</ofd:SignedValue></ofd:Signature>`,
    'utf8',
  );
}

const view = (bytes: Buffer) => Uint8Array.from(bytes).buffer;
const SM2_WITH_SM3 = '1.2.156.10197.1.501';

/** openssl's SM2 signature (DER) over `data` with the key in `keyFile` and the standard ID. */
async function opensslSign(work: string, keyFile: string, data: Buffer, distid = DISTID): Promise<Buffer> {
  const dir = await mkdtemp(join(work, 'ses-'));
  await writeFile(join(dir, 'in.der'), data);
  openssl(['pkeyutl', '-sign', '-rawin', '-digest', 'sm3', '-pkeyopt', distid, '-inkey', keyFile, '-in', join(dir, 'in.der'), '-out', join(dir, 'sig.der')]);
  return readFile(join(dir, 'sig.der'));
}

export const derOf = async (pemFile: string) => pemBlocks(await readFile(pemFile, 'utf8'))[0]!;

export interface SealParts {
  /** The seal's own information, as the maker signs it. */
  sealName: string;
  validFrom: Date;
  validTo: Date;
  signedAt: Date;
  /** SES_ESPictrueInfo: type, data, width and height (mm). */
  picture: { type: string; data: Buffer; width: number; height: number };
}

export interface SesOptions {
  /** The seal maker: its certificate and key (the trusted CA unless a case says otherwise). */
  maker: { certFile: string; keyFile: string };
  signer: { certFile: string; keyFile: string };
  /** The certificate the seal lists as its user's (the signer's unless a case says otherwise). */
  listedCertFile?: string;
  seal?: Partial<SealParts>;
  /** Changes pieces before they are encoded, for the malformed cases. */
  tamper?: (parts: { signature: Buffer; signerCertificate: Buffer; sealSignature: Buffer }) => void;
  /** The signer ID of the signer's signature (the standard one unless a case says otherwise). */
  distid?: string;
  /** v4's timeStamp, made from the signature value: its bytes go in the [0] IMPLICIT BIT STRING. */
  timeStamp?: (signature: Buffer) => Buffer | Promise<Buffer>;
}

const seconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/** SES_Signature v4 (GB/T 38540) over `signatureXml`, both signatures computed by openssl. */
export async function sesSignature(work: string, signatureXmlBytes: Buffer, options: SesOptions): Promise<Buffer> {
  const now = Date.now();
  const seal: SealParts = {
    sealName: '测试市不动产登记中心电子证照专用章',
    validFrom: new Date(now - 86_400_000),
    validTo: new Date(now + 365 * 86_400_000),
    signedAt: new Date(now),
    picture: { type: 'png', data: SEAL_PNG, width: 40, height: 40 },
    ...options.seal,
  };
  const signerDer = await derOf(options.signer.certFile);
  const listedDer = options.listedCertFile ? await derOf(options.listedCertFile) : signerDer;
  const makerDer = await derOf(options.maker.certFile);
  const time = (date: Date) => new asn1js.GeneralizedTime({ valueDate: seconds(date) });
  const sealInfo = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.IA5String({ value: 'ES' }), new asn1js.Integer({ value: 4 }), new asn1js.IA5String({ value: 'hall-test' })] }),
      new asn1js.IA5String({ value: 'ES-330100-0001' }),
      new asn1js.Sequence({
        value: [
          new asn1js.Integer({ value: 1 }),
          new asn1js.Utf8String({ value: seal.sealName }),
          new asn1js.Integer({ value: 1 }),
          new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: view(listedDer) })] }),
          time(seal.validFrom),
          time(seal.validFrom),
          time(seal.validTo),
        ],
      }),
      new asn1js.Sequence({
        value: [
          new asn1js.IA5String({ value: seal.picture.type }),
          new asn1js.OctetString({ valueHex: view(seal.picture.data) }),
          new asn1js.Integer({ value: seal.picture.width }),
          new asn1js.Integer({ value: seal.picture.height }),
        ],
      }),
    ],
  });
  const makerCert = new asn1js.OctetString({ valueHex: view(makerDer) });
  const algorithm = () => new asn1js.ObjectIdentifier({ value: SM2_WITH_SM3 });
  const sealSigned = Buffer.from(new asn1js.Sequence({ value: [sealInfo, makerCert, algorithm()] }).toBER());
  const parts: { sealSignature: Buffer; signerCertificate: Buffer; signature: Buffer } = {
    sealSignature: await opensslSign(work, options.maker.keyFile, sealSigned),
    signerCertificate: signerDer,
    signature: Buffer.alloc(0),
  };
  const build = () => {
    const eseal = new asn1js.Sequence({ value: [sealInfo, makerCert, algorithm(), new asn1js.BitString({ valueHex: view(parts.sealSignature) })] });
    return new asn1js.Sequence({
      value: [
        new asn1js.Integer({ value: 4 }),
        eseal,
        time(seal.signedAt),
        new asn1js.BitString({ valueHex: view(createHash('sm3').update(signatureXmlBytes).digest()) }),
        new asn1js.IA5String({ value: '/Doc_0/Signs/Sign_0/Signature.xml' }),
      ],
    });
  };
  const tbs = Buffer.from(build().toBER());
  parts.signature = await opensslSign(work, options.signer.keyFile, tbs, options.distid);
  options.tamper?.(parts);
  const stamp = options.timeStamp ? await options.timeStamp(parts.signature) : null;
  const ses = new asn1js.Sequence({
    value: [
      build(),
      new asn1js.OctetString({ valueHex: view(parts.signerCertificate) }),
      algorithm(),
      new asn1js.BitString({ valueHex: view(parts.signature) }),
      // [0] IMPLICIT BIT STRING: a context tag around the BIT STRING's content (no unused bits, then the token).
      ...(stamp ? [new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: view(Buffer.concat([Buffer.from([0]), stamp])) })] : []),
    ],
  });
  return Buffer.from(ses.toBER());
}

/** The files of a two-page e-licence with one seal (on the first page unless `stamps` says otherwise); `ses` makes SignedValue.dat from Signature.xml. */
export async function sealedOfdFiles(ses: (signatureXml: Buffer) => Promise<Buffer>, stamps = DEFAULT_STAMPS): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>([
    ['OFD.xml', Buffer.from(ofdXml(), 'utf8')],
    ['Doc_0/Document.xml', Buffer.from(DOCUMENT_XML, 'utf8')],
    ['Doc_0/Pages/Page_0/Content.xml', Buffer.from(pageXml('不动产权证书 浙（2026）测试市不动产权第0001234号'), 'utf8')],
    ['Doc_0/Pages/Page_1/Content.xml', Buffer.from(pageXml('附记'), 'utf8')],
    ['Doc_0/Signs/Signatures.xml', Buffer.from(signaturesXml([{ id: '1', baseLoc: 'Sign_0/Signature.xml' }]), 'utf8')],
  ]);
  const covered = [...files].filter(([path]) => !path.startsWith('Doc_0/Signs/')).map(([path, content]) => ({ path, content }));
  const description = signatureXml(covered, stamps);
  files.set('Doc_0/Signs/Sign_0/Signature.xml', description);
  files.set('Doc_0/Signs/Sign_0/SignedValue.dat', await ses(description));
  return files;
}

export interface Tsa {
  dir: string;
  caFile: string;
}

/**
 * A time-stamping authority for the tests, all by openssl: a self-signed RSA CA and a TSA certificate
 * it issued (extendedKeyUsage timeStamping), with the `openssl ts` configuration that answers queries.
 */
export async function opensslTsa(dir: string, names: { ca: string; tsa: string }): Promise<Tsa> {
  await mkdir(dir, { recursive: true });
  const file = (name: string) => join(dir, name);
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-subj', `/CN=${names.ca}/O=TSA Test Centre/C=CN`, ...CA_FOR_TEN_YEARS, '-out', file('ca.pem')]);
  openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('tsa.key'), '-subj', `/CN=${names.tsa}/O=TSA Test Centre/C=CN`, '-out', file('tsa.csr')]);
  await writeFile(file('tsa.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=critical,timeStamping\n');
  openssl([
    'x509',
    '-req',
    '-in',
    file('tsa.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '365',
    '-sha256',
    '-extfile',
    file('tsa.ext'),
    '-out',
    file('tsa.pem'),
  ]);
  await writeFile(file('serial'), '01\n');
  await writeFile(
    file('ts.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `serial = ${file('serial')}`,
      'crypto_device = builtin',
      `signer_cert = ${file('tsa.pem')}`,
      `certs = ${file('ca.pem')}`,
      `signer_key = ${file('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha1',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  return { dir, caFile: file('ca.pem') };
}

/** The TimeStampToken (RFC 3161) `tsa` answers for SHA-256 of `data`: `openssl ts -query`, then `-reply -token_out`. */
export async function opensslTimeStamp(tsa: Tsa, data: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tsa.dir, 'ts-'));
  await writeFile(join(dir, 'data.bin'), data);
  openssl(['ts', '-query', '-data', join(dir, 'data.bin'), '-sha256', '-cert', '-no_nonce', '-out', join(dir, 'query.tsq')]);
  openssl(['ts', '-reply', '-config', join(tsa.dir, 'ts.cnf'), '-queryfile', join(dir, 'query.tsq'), '-token_out', '-out', join(dir, 'token.der')]);
  return readFile(join(dir, 'token.der'));
}

/**
 * A TimeStampToken's TSTInfo for `data`, signed by `tsa`'s CA with `openssl cms` instead of its TSA: a sound
 * CMS under a trusted root whose signer is no TSA (no extendedKeyUsage timeStamping).
 */
export async function opensslTimeStampByNonTsa(tsa: Tsa, data: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tsa.dir, 'cms-'));
  await writeFile(join(dir, 'token.der'), await opensslTimeStamp(tsa, data));
  openssl(['cms', '-verify', '-noverify', '-inform', 'DER', '-in', join(dir, 'token.der'), '-out', join(dir, 'tstinfo.der')]);
  openssl([
    'cms',
    '-sign',
    '-binary',
    '-nodetach',
    '-nosmimecap',
    '-econtent_type',
    '1.2.840.113549.1.9.16.1.4',
    '-md',
    'sha256',
    '-in',
    join(dir, 'tstinfo.der'),
    '-signer',
    join(tsa.dir, 'ca.pem'),
    '-inkey',
    join(tsa.dir, 'ca.key'),
    '-outform',
    'DER',
    '-out',
    join(dir, 'resigned.der'),
  ]);
  return readFile(join(dir, 'resigned.der'));
}

export function ofdOf(files: Map<string, Buffer>): Buffer {
  return zip([...files].map(([name, data]) => ({ name, data })));
}
