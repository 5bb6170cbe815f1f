import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { blindIndexOf, QUERY_PARAM_FIELDS, QUERY_RESULT_FIELDS, sealedFieldsJson, sealedIdNumber, sealedText } from '../sealed/sealed-columns';
import type { QueryRecordKindCode } from '@hall/api';
import { createdAt, serialId, sortOrder, citizenOpenid } from './columns';

/** Certificate and licence queries: the query cities, the demo registry and the citizens' query records. */

/** Cities offered by the certificate queries (xzqs: xzqMc, xzqBm). */
export const queryCities = pgTable('query_cities', {
  xzqdm: text('xzqdm').primaryKey(),
  xzqmc: text('xzqmc').notNull(),
  sort: sortOrder(),
});

/** The demo registry: property certificates and electronic licences known to the registration system. */
export const registryCertificates = pgTable(
  'registry_certificates',
  {
    id: serialId(),
    xzqdm: text('xzqdm').notNull(),
    /** qzh / bdcqzh: the certificate number. */
    qzh: text('qzh').notNull(),
    ownerName: sealedText('owner_name').notNull(),
    ownerIdcard: sealedIdNumber('owner_idcard').notNull(),
    bdcdyh: text('bdcdyh').notNull(),
    zl: text('zl').notNull(),
    yt: text('yt').notNull(),
    mj: text('mj').notNull(),
    /** Mortgages and seizures as the registry reports them. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [uniqueIndex('registry_certificates_qzh_idx').on(t.qzh), index('registry_certificates_owner_idx').on(blindIndexOf(t.ownerIdcard))],
);

/** The registry's cases, for the progress query by acceptance number (letter case significant). */
export const registryCases = pgTable('registry_cases', {
  serialNumber: text('serial_number').primaryKey(),
  name: sealedText('name').notNull(),
  processName: text('process_name').notNull(),
  actStart: timestamp('act_start', { withTimezone: true }).notNull(),
  activityName: text('activity_name').notNull(),
});

/** The query record kinds whose found records have a generated PDF (query_records.file_id): the storage quota counts them as the citizen's. */
export const DOCUMENT_KINDS: readonly QueryRecordKindCode[] = ['zs', 'dzzz'];

/**
 * Query records of every kind: zs (certificate), dzzz (electronic licence), verify (signature
 * verification), archive (records certificate). state 0 in progress, 20 returned, 21 nothing found.
 */
export const queryRecords = pgTable(
  'query_records',
  {
    id: serialId(),
    openid: citizenOpenid(),
    kind: text('kind').notNull(),
    params: sealedFieldsJson<Record<string, string>>('params', QUERY_PARAM_FIELDS).notNull().default({}),
    state: integer('state').notNull().default(0),
    stateMsg: text('state_msg').notNull().default(''),
    result: sealedFieldsJson<Record<string, unknown>>('result', QUERY_RESULT_FIELDS),
    /** The stored file the record points to (a generated PDF, an uploaded PDF). */
    fileId: text('file_id'),
    filename: text('filename'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the resolver may try the record next: the time it was asked, then later after each failed
     * try (services/queries/fulfilment/registry-retry.ts). Null: no more tries, the record waits for an operator.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** The last failed try: when, and what went wrong (for 查询办理; never shown to the citizen). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('query_records_owner_idx').on(t.openid, t.kind, t.createdAt),
    // The statistics page's queries per day and kind, answered from the index alone.
    index('query_records_created_idx').on(t.createdAt, t.kind),
    index('query_records_pending_idx')
      .on(t.state)
      .where(sql`state IN (0, 10)`),
  ],
);

/** Download links already used: a link downloads once (services/queries/records/download-links.ts); kept until it would have expired anyway. */
export const downloadLinkUses = pgTable('download_link_uses', {
  nonce: text('nonce').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
