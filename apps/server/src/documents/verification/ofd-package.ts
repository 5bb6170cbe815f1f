import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** The first bytes of a zip's local file header, which every OFD container starts with. */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An OFD container's files, by their path inside it (no leading slash). */
export type OfdPackage = Map<string, Buffer>;

/** The caps of one container: the PDF worker's, per stream and per file, and a count of entries. */
export interface PackageCaps {
  /** Inflated bytes of one entry. */
  perEntry: number;
  /** Inflated bytes of the whole container. */
  perFile: number;
  /** Entries in the central directory; an e-licence has a few dozen. */
  entries: number;
}

export const MAX_PACKAGE_ENTRIES = 4096;

/** Why a container was refused: over a cap (a zip bomb), an unsafe entry name, or no zip at all. */
export class PackageError extends Error {
  constructor(
    readonly reason: 'tooLarge' | 'unsafe' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A name a reader would write or look up outside the container: absolute, with a drive letter or a
 * backslash, a `..` segment, or a NUL. yauzl refuses most of these itself; this is the hall's own rule.
 */
export function isUnsafeEntryName(name: string): boolean {
  if (name.includes('\0') || name.includes('\\') || name.startsWith('/') || /^[a-z]:/i.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // lazyEntries: one entry at a time, on request; decodeStrings and validateEntrySizes: yauzl checks
    // names (absolute or `..` paths) and that no entry inflates beyond the size it declares.
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    );
  });
}

/** Inflates one entry, stopping the stream the moment it passes `limit` bytes. */
function inflate(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy(new PackageError('tooLarge', `entry ${entry.fileName} inflates beyond ${limit} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** yauzl's words for a name that leaves the container. */
const UNSAFE_NAME = /absolute path|relative path|invalid characters in fileName/i;

/**
 * Reads an OFD container (a zip, GB/T 33190 §7) under the hostile-file caps: the central directory is
 * read first and any entry whose declared size passes a cap, or a directory of more than `caps.entries`
 * entries, is refused before a byte is inflated; every entry is then inflated with its bytes counted,
 * so an entry that lies about its size stops at the cap too. Names that would leave the container
 * are refused. Throws a PackageError saying which.
 */
export async function readOfdPackage(bytes: Buffer, caps: PackageCaps): Promise<OfdPackage> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    throw new PackageError('malformed', error instanceof Error ? error.message : String(error));
  }
  if (zip.entryCount > caps.entries) {
    zip.close();
    throw new PackageError('tooLarge', `${zip.entryCount} entries`);
  }
  const files: OfdPackage = new Map();
  let declared = 0;
  let inflated = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        if (isUnsafeEntryName(name)) return reject(new PackageError('unsafe', `entry name ${JSON.stringify(name)}`));
        if (name.endsWith('/')) return zip.readEntry();
        if (entry.isEncrypted()) return reject(new PackageError('malformed', `entry ${name} is encrypted`));
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > caps.perEntry || declared > caps.perFile) return reject(new PackageError('tooLarge', `entry ${name} declares ${entry.uncompressedSize} bytes`));
        inflate(zip, entry, Math.min(caps.perEntry, caps.perFile - inflated)).then((content) => {
          inflated += content.length;
          // A name given twice is ambiguous: a reader could take either copy.
          if (files.has(name)) return reject(new PackageError('malformed', `entry ${name} appears twice`));
          files.set(name, content);
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof PackageError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (UNSAFE_NAME.test(message)) throw new PackageError('unsafe', message);
    if (/too many bytes|exceeds|uncompressedSize/i.test(message)) throw new PackageError('tooLarge', message);
    throw new PackageError('malformed', message);
  } finally {
    zip.close();
  }
  return files;
}

/** A path in the document that leads out of its container. */
export class OutsidePathError extends Error {}

export const directoryOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * A location inside the container (GB/T 33190 §7.5: absolute from the container's root when it starts
 * with '/', else relative to the file that names it), as the entry name it stands for. `..` may climb
 * inside the container, never out of it.
 */
export function resolveIn(directory: string, location: string): string {
  if (location.includes('\0') || location.includes('\\') || /^[a-z][a-z0-9+.-]*:/i.test(location)) throw new OutsidePathError(location);
  const joined = location.startsWith('/') ? location : `${directory}${location}`;
  const segments: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!segments.length) throw new OutsidePathError(location);
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}
