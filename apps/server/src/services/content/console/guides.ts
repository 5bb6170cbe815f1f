import {
  GUIDE_CONTENT_REQUIRED,
  GUIDE_TITLE_MAX_LENGTH,
  GUIDE_TITLE_REQUIRED,
  GUIDE_TITLE_TOO_LONG,
  MATERIALS_INVALID,
  MATERIALS_MAX,
  MATERIAL_HINT_MAX_LENGTH,
  MATERIAL_HINT_TOO_LONG,
  MATERIAL_NAME_MAX_LENGTH,
  MATERIAL_SAMPLE_INVALID,
  articlePictureIdOf,
  NO_DATA_MESSAGE,
  type ConsoleGuide,
} from '@hall/api/internal';
import { asc, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { articlePictures, businessMaterials, businesses, guides } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { sanitizeContentHtml } from '../../../lib/safe-html';
import { MATERIAL_REQUIRED, replaceBusinessMaterials, type BusinessMaterialInput } from '../../applications/catalogue';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { articlePictureUrl } from './article-pictures';
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
    materials: materials.map((row) => ({
      id: String(row.id),
      name: row.name,
      required: row.required === MATERIAL_REQUIRED,
      hint: row.hint,
      sampleUrl: row.samplePictureId ? articlePictureUrl(row.samplePictureId) : '',
    })),
  };
}

export const readConsoleGuide = (db: Database, prodefid: string) => describe(db, prodefid.trim());

export interface GuideInput {
  prodefid: string;
  title: string;
  content: string;
  cdzmyhxzContent: string;
  materials: { name: string; required: boolean; hint?: string | undefined; sampleUrl?: string | undefined }[];
}

/**
 * A material's help as the catalogue keeps it: the hint trimmed and bounded, the sample picture only
 * one uploaded here (its address as the upload answered it), so 资料上传 never shows a picture from
 * elsewhere.
 */
async function checkedHelp(db: Pick<Database, 'select'>, material: GuideInput['materials'][number]): Promise<Pick<BusinessMaterialInput, 'hint' | 'samplePictureId'>> {
  const hint = (material.hint ?? '').trim();
  if (Array.from(hint).length > MATERIAL_HINT_MAX_LENGTH) throw badRequest(MATERIAL_HINT_TOO_LONG);
  const address = (material.sampleUrl ?? '').trim();
  if (!address) return { hint, samplePictureId: null };
  const id = articlePictureIdOf(address);
  const [picture] = id ? await db.select({ id: articlePictures.id }).from(articlePictures).where(eq(articlePictures.id, id)) : [];
  if (!picture) throw badRequest(MATERIAL_SAMPLE_INVALID);
  return { hint, samplePictureId: picture.id };
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
  const materials: BusinessMaterialInput[] = [];
  for (const material of input.materials) materials.push({ name: material.name.trim(), required: material.required, ...(await checkedHelp(db, material)) });
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
      materials: list.map(({ name, required, hint, sampleUrl }) => ({ name, required, hint, sampleUrl })),
    });
    await recordAudit(tx, actor, { action: 'guide.update', target: `guide:${prodefid}`, before: view(before), after: view(after) });
    return after;
  });
}

/** A removed business's guide goes with it (the catalogue calls this inside its removal). */
export async function deleteGuideOf(tx: Transaction, prodefid: string): Promise<void> {
  await tx.delete(guides).where(eq(guides.prodefid, prodefid));
}
