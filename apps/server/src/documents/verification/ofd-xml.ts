import { XMLParser } from 'fast-xml-parser';

/** The longest attribute or text an OFD document of the hall's kind needs; anything longer is hostile. */
export const MAX_XML_VALUE_CHARS = 64 * 1024;
/** The largest XML file read (the container's own caps apply first). */
export const MAX_XML_BYTES = 4 * 1024 * 1024;

/** XML the hall refuses to read: a DTD or entity, a value over the caps, or no XML at all. */
export class UnsafeXmlError extends Error {
  constructor(
    readonly reason: 'unsafe' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

/** One element: its attributes under '@Name', its children by local name, its text under '#text'. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // OFD prefixes every element with ofd:, a producer may choose another prefix: read by local name.
  removeNSPrefix: true,
  // No entity is ever expanded (the predefined five stay as written, which no field read here uses).
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  textNodeName: '#text',
});

/**
 * The longest stretch between markup characters: an upper bound of any attribute or text, found in one
 * pass before the parser spends time (and memory) on a value the hall would refuse anyway.
 */
function longestValue(text: string): number {
  let longest = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // < > " '
    if (code === 0x3c || code === 0x3e || code === 0x22 || code === 0x27) {
      longest = Math.max(longest, i - start);
      start = i + 1;
    }
  }
  return Math.max(longest, text.length - start);
}

/**
 * Parses one XML file of an OFD container. A document type declaration (where entities and their
 * expansion live) is refused outright, before parsing; so is any attribute or text longer than
 * MAX_XML_VALUE_CHARS (found by one pass over the text) and any file over MAX_XML_BYTES. Throws UnsafeXmlError.
 */
export function parseOfdXml(bytes: Buffer): XmlNode {
  if (bytes.length > MAX_XML_BYTES) throw new UnsafeXmlError('unsafe', `${bytes.length} bytes of XML`);
  const text = bytes.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnsafeXmlError('unsafe', 'a document type declaration');
  if (longestValue(text) > MAX_XML_VALUE_CHARS) throw new UnsafeXmlError('unsafe', 'a value over the cap');
  try {
    return parser.parse(text, true) as XmlNode;
  } catch (error) {
    throw new UnsafeXmlError('malformed', error instanceof Error ? error.message : String(error));
  }
}

/** The child elements named `name` (one or many, always as a list). */
export function children(node: XmlValue | undefined, name: string): XmlNode[] {
  if (!node || typeof node === 'string' || Array.isArray(node)) return [];
  const value = node[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (typeof item === 'string' ? { '#text': item } : (item as XmlNode)));
}

export function child(node: XmlValue | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** An element's text ('' when it has none). */
export function textOf(node: XmlNode | undefined): string {
  const value = node?.['#text'];
  return typeof value === 'string' ? value : '';
}

export function attribute(node: XmlNode | undefined, name: string): string {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : '';
}
