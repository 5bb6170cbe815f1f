import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { randomId } from '../../lib/ids';
import { FileNotFoundError, type FileStorage } from '../../storage/file-storage';

export type StoredFileRow = typeof storedFiles.$inferSelect;
/** A database or a transaction: the row is written with whatever else the caller writes. */
type Writer = Pick<Database, 'insert'>;

/** The row of a file already in storage; the id is random, so it says nothing about other files. */
export async function recordStoredFile(db: Writer, file: { openid: string; storageKey: string; originalName: string; mime: string; size: number }): Promise<StoredFileRow> {
  const [row] = await db
    .insert(storedFiles)
    .values({ id: randomId(12), ...file })
    .returning();
  return row!;
}

/**
 * Deletes the rows of the files `where` picks and answers their storage keys: the caller removes the
 * files from storage once its transaction has committed, so a rolled-back delete never loses a file.
 */
export async function deleteStoredFiles(db: Pick<Database, 'delete'>, where: SQL | undefined): Promise<string[]> {
  const removed = await db.delete(storedFiles).where(where).returning({ key: storedFiles.storageKey });
  return removed.map((row) => row.key);
}

/** One of the citizen's own files by its id; another citizen's file is as absent as a missing one. */
export async function findOwnedFile(db: Database, openid: string, id: string): Promise<StoredFileRow | null> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.openid, openid), eq(storedFiles.id, id)));
  return row ?? null;
}

/** One of the citizen's own files by its id or its storage key (downpdf's path). */
export async function findOwnedFileByPath(db: Database, openid: string, path: string): Promise<StoredFileRow | null> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.openid, openid), or(eq(storedFiles.id, path), eq(storedFiles.storageKey, path))));
  return row ?? null;
}

/** The file's content as a stream, or null when storage no longer has it. */
export async function openStoredFile(files: FileStorage, row: StoredFileRow): Promise<Readable | null> {
  try {
    return await files.open(row.storageKey);
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}
