import { directoryOf, resolveIn, type OfdPackage } from './ofd-package';
import { attribute, child, children, parseOfdXml, textOf, type XmlNode } from './ofd-xml';
import { readSesSignature, SesFormatError, type SealPicture } from './ses-signature';

/**
 * The signatures an OFD lists (GB/T 33190 §18): Signatures.xml, named by the DocBody, lists each
 * signature's Signature.xml (BaseLoc, from Signatures.xml's directory); that file's SignedValue names
 * the SES_Signature, and its SignedInfo's StampAnnots say where the seal shows on the pages. Read here
 * once, for the verdicts (verify-ofd.ts) and for the drawn pages (ofd-pages.ts).
 */

/** The Signature elements Signatures.xml lists, and the directory their BaseLocs start from. */
export function listedSignatures(files: OfdPackage, body: XmlNode | undefined): { listed: XmlNode[]; directory: string } {
  const location = textOf(child(body, 'Signatures'));
  const path = location ? resolveIn('', location) : '';
  const list = files.get(path);
  return { listed: list ? children(child(parseOfdXml(list), 'Signatures'), 'Signature') : [], directory: directoryOf(path) };
}

/** One listed signature's files, or which of them is missing. */
export type SignatureFiles = { missing: null; description: Buffer; signature: XmlNode | undefined; value: Buffer } | { missing: 'description' | 'value' };

/** Signature.xml (its bytes and its Signature element) and the SignedValue it names. */
export function signatureFiles(files: OfdPackage, listed: XmlNode, directory: string): SignatureFiles {
  const path = resolveIn(directory, attribute(listed, 'BaseLoc'));
  const description = files.get(path);
  if (!description) return { missing: 'description' };
  const signature = child(parseOfdXml(description), 'Signature');
  const valueLocation = textOf(child(signature, 'SignedValue'));
  const value = valueLocation ? files.get(resolveIn(directoryOf(path), valueLocation)) : undefined;
  if (!value) return { missing: 'value' };
  return { missing: null, description, signature, value };
}

/** Where a seal shows (StampAnnot, §18.2.3): the page's ID, and Boundary and Clip (relative to Boundary) as written, in mm. */
export interface StampAnnot {
  pageRef: string;
  boundary: string;
  clip: string;
}

/** A seal as the pages show it: its name, its picture where the hall can take one, its places. */
export interface SealStamp {
  /** The seal's name, or 签章 and the signature's ID where the seal gives none. */
  name: string;
  picture: SealPicture | null;
  annots: StampAnnot[];
}

/** StampAnnots of all signatures together; a document placing more is drawn with the first. */
export const MAX_STAMP_ANNOTS = 200;

/**
 * Every listed signature's seal and places, for the drawn pages. What cannot be read costs only its
 * own part: a signature whose files are missing or unsafe shows nothing, a SignedValue that is no
 * SES_Signature (or one without a picture) still shows its places, by name.
 */
export function sealStamps(files: OfdPackage, body: XmlNode | undefined): SealStamp[] {
  const stamps: SealStamp[] = [];
  let annotCount = 0;
  let listed: XmlNode[];
  let directory: string;
  try {
    ({ listed, directory } = listedSignatures(files, body));
  } catch {
    return [];
  }
  for (const signature of listed) {
    if (annotCount >= MAX_STAMP_ANNOTS) break;
    try {
      const read = signatureFiles(files, signature, directory);
      if (read.missing) continue;
      const annots = children(child(read.signature, 'SignedInfo'), 'StampAnnot')
        .slice(0, MAX_STAMP_ANNOTS - annotCount)
        .map((annot) => ({ pageRef: attribute(annot, 'PageRef'), boundary: attribute(annot, 'Boundary'), clip: attribute(annot, 'Clip') }));
      if (!annots.length) continue;
      annotCount += annots.length;
      let seal: { name: string; picture: SealPicture | null } = { name: '', picture: null };
      try {
        seal = readSesSignature(read.value).seal;
      } catch (error) {
        if (!(error instanceof SesFormatError)) throw error;
      }
      stamps.push({ name: seal.name || `签章${attribute(signature, 'ID')}`, picture: seal.picture, annots });
    } catch {
      // This signature's files are unreadable or lead outside the container: it shows nowhere.
    }
  }
  return stamps;
}
