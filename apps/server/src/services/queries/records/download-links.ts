import { createHmac, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { downloadLinkUses } from '../../../db/schema';
import { randomId } from '../../../lib/ids';

/**
 * Download links: WeChat's browser downloads nothing, so 下载 there gives a link the phone's own browser
 * opens without a session. A link names one document and one citizen, lives 10 minutes, works once,
 * and is signed by the hall (HMAC-SHA256 with a secret every process shares), so it can be neither
 * made up nor altered.
 */

export const DOWNLOAD_LINK_LIFETIME_MS = 10 * 60 * 1000;
/** Where a link is opened: `${origin}${DOWNLOAD_LINK_PATH}/<token>`. */
export const DOWNLOAD_LINK_PATH = '/download';

export interface DownloadLink {
  openid: string;
  /** The hall's own address of the document (a PDF route the citizen's session would open). */
  path: string;
  expiresAt: number;
  nonce: string;
}

export type DownloadLinkCheck = { ok: true; link: DownloadLink } | { ok: false; reason: 'forged' | 'expired' | 'used' };

const signatureOf = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A fresh link's token: the link's fields, then their signature. */
export function signDownloadLink(secret: string, openid: string, path: string, now = Date.now()): string {
  const link: DownloadLink = { openid, path, expiresAt: now + DOWNLOAD_LINK_LIFETIME_MS, nonce: randomId(16) };
  const body = Buffer.from(JSON.stringify(link)).toString('base64url');
  return `${body}.${signatureOf(secret, body)}`;
}

/** What a token says, when the hall signed it exactly so; nothing is used up here. */
export function readDownloadLink(secret: string, token: string, now = Date.now()): DownloadLinkCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'forged' };
  const expected = Buffer.from(signatureOf(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  const link = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DownloadLink;
  if (!(link.expiresAt > now)) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}

/** Uses the link up: true the first time, false ever after (one statement, so two opens at once cannot both pass). */
export async function useDownloadLink(db: Database, link: DownloadLink): Promise<boolean> {
  const rows = await db
    .insert(downloadLinkUses)
    .values({ nonce: link.nonce, expiresAt: new Date(link.expiresAt) })
    .onConflictDoNothing()
    .returning({ nonce: downloadLinkUses.nonce });
  return rows.length === 1;
}

/** Forgets used links that have expired anyway (their signature already refuses them). */
export async function sweepDownloadLinkUses(db: Database): Promise<void> {
  await db.delete(downloadLinkUses).where(lt(downloadLinkUses.expiresAt, sql`now()`));
}
