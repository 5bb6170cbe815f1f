import type { Guide } from '@hall/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { guides } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { sanitizeContentHtml } from '../../../lib/safe-html';

export const GUIDE_BUSINESS_REQUIRED = '请选择要办理的业务';
export const GUIDE_NOT_FOUND = '未找到该业务的办事指南';

/** The handling guide of one business (prodefid), its HTML sanitised on the way out. */
export async function readGuide(db: Database, prodefid: string): Promise<Guide> {
  const key = prodefid.trim();
  if (!key) throw badRequest(GUIDE_BUSINESS_REQUIRED);
  const [row] = await db.select().from(guides).where(eq(guides.prodefid, key));
  if (!row) throw notFound(GUIDE_NOT_FOUND);
  return { title: row.title, content: sanitizeContentHtml(row.content), cdzmyhxzContent: sanitizeContentHtml(row.cdzmyhxzContent) };
}

/** Writes the guide of a business; its HTML is sanitised before it is stored. */
export async function saveGuide(db: Database, input: { prodefid: string; title: string; content: string; cdzmyhxzContent?: string }): Promise<Guide> {
  const values = {
    prodefid: input.prodefid.trim(),
    title: input.title.trim(),
    content: sanitizeContentHtml(input.content),
    cdzmyhxzContent: sanitizeContentHtml(input.cdzmyhxzContent ?? ''),
  };
  if (!values.prodefid) throw badRequest(GUIDE_BUSINESS_REQUIRED);
  await db
    .insert(guides)
    .values(values)
    .onConflictDoUpdate({ target: guides.prodefid, set: { title: values.title, content: values.content, cdzmyhxzContent: values.cdzmyhxzContent } });
  return { title: values.title, content: values.content, cdzmyhxzContent: values.cdzmyhxzContent };
}
