import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, citizenOpenid } from './columns';

/** Stored files. */

/** Files in storage, each owned by an openid. The path is the storage's, never the client's. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    openid: citizenOpenid(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_idx').on(t.openid, t.createdAt)],
);
