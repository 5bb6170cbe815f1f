import {
  GUIDE_CONTENT_REQUIRED,
  GUIDE_TITLE_MAX_LENGTH,
  GUIDE_TITLE_REQUIRED,
  GUIDE_TITLE_TOO_LONG,
  MATERIALS_INVALID,
  MATERIALS_MAX,
  MATERIAL_NAME_MAX_LENGTH,
  NO_DATA_MESSAGE,
  type ConsoleGuide,
} from '@hall/api/internal';
import { asc, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { businessMaterials, businesses, guides } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { sanitizeContentHtml } from '../../../lib/safe-html';
import { MATERIAL_REQUIRED, replaceBusinessMaterials } from '../../applications/catalogue';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { checkedText } from './content-rules';

export async function listConsoleGuides(db: Database): Promise<{ prodefid: string; prodefName: string; areaname: string; hasGuide: boolean; materials: number }[]> {
  const [rows, guideRows, counts] = await Promise.all([
    db.select({ id: businesses.id, name: businesses.prodefName, areaname: businesses.areaname }).from(businesses).orderBy(asc(businesses.id)),
    db.select({ prodefid: guides.prodefid }).from(guides),
    db.select({ prodefId: businessMaterials.prodefId, n: count() }).from(businessMaterials).groupBy(businessMaterials.prodefId),
  ]);
  const withGuide = new Set(guideRows.map((row) => row.prodefid));
  return rows.map((row) => ({ prodefid: row.id, prodefName: row.name, areaname: row.areaname, hasGuide: withGuide.has(row.id), materials: counts.find((entry) => entry.prodefId === row.id)?.n ?? 0 }));
}

async function describe(db: Pick<Database, 'select'>, prodefid: string): Promise<ConsoleGuide> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, prodefid));
  if (!business) throw notFound(NO_DATA_MESSAGE);
  const [guide] = await db.select().from(guides).where(eq(guides.prodefid, prodefid));
  const materials = await db.select().from(businessMaterials).where(eq(businessMaterials.prodefId, prodefid)).orderBy(asc(businessMaterials.sort), asc(businessMaterials.id));
  return {
    prodefid,
    prodefName: business.prodefName,
    title: guide?.title ?? '',
    content: sanitizeContentHtml(guide?.content ?? ''),
    cdzmyhxzContent: sanitizeContentHtml(guide?.cdzmyhxzContent ?? ''),
    materials: materials.map((row) => ({ id: String(row.id), name: row.name, required: row.required === MATERIAL_REQUIRED })),
  };
}

export const readConsoleGuide = (db: Database, prodefid: string) => describe(db, prodefid.trim());

export interface GuideInput {
  prodefid: string;
  title: string;
  content: string;
  cdzmyhxzContent: string;
  materials: { name: string; required: boolean }[];
}

/**
 * A business's guide and its material list, in order. Applications copy the list when they are
 * created (services/applications), so a change — a material added, made optional or required —
 * applies to new applications, and one already started keeps the list it began with: nothing a
 * citizen has uploaded or is about to submit is invalidated under them.
 */
export async function saveConsoleGuide(db: Database, actor: AuditActor, input: GuideInput): Promise<ConsoleGuide> {
  const title = checkedText(input.title, { max: GUIDE_TITLE_MAX_LENGTH, required: GUIDE_TITLE_REQUIRED, tooLong: GUIDE_TITLE_TOO_LONG });
  const content = sanitizeContentHtml(input.content);
  if (!content.replace(/<(?!img\b)[^>]*>|&nbsp;|\s/gi, '')) throw badRequest(GUIDE_CONTENT_REQUIRED);
  const cdzmyhxzContent = sanitizeContentHtml(input.cdzmyhxzContent);
  const materials = input.materials.map((material) => ({ name: material.name.trim(), required: material.required }));
  const names = materials.map((material) => material.name);
  if (materials.length > MATERIALS_MAX || names.some((name) => !name || Array.from(name).length > MATERIAL_NAME_MAX_LENGTH) || new Set(names).size !== names.length) {
    throw badRequest(MATERIALS_INVALID);
  }
  const prodefid = input.prodefid.trim();
  return db.transaction(async (tx) => {
    const [business] = await tx.select().from(businesses).where(eq(businesses.id, prodefid)).for('update');
    if (!business) throw notFound(NO_DATA_MESSAGE);
    const before = await describe(tx, prodefid);
    await tx.insert(guides).values({ prodefid, title, content, cdzmyhxzContent }).onConflictDoUpdate({ target: guides.prodefid, set: { title, content, cdzmyhxzContent } });
    await replaceBusinessMaterials(tx, prodefid, materials);
    const after = await describe(tx, prodefid);
    const view = ({ title: t, content: c, cdzmyhxzContent: m, materials: list }: ConsoleGuide) => ({
      title: t,
      content: c,
      cdzmyhxzContent: m,
      materials: list.map(({ name, required }) => ({ name, required })),
    });
    await recordAudit(tx, actor, { action: 'guide.update', target: `guide:${prodefid}`, before: view(before), after: view(after) });
    return after;
  });
}

/** A removed business's guide goes with it (the catalogue calls this inside its removal). */
export async function deleteGuideOf(tx: Transaction, prodefid: string): Promise<void> {
  await tx.delete(guides).where(eq(guides.prodefid, prodefid));
}
