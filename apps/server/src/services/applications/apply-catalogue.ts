import type { ApplyTitle, BusinessType, DictionaryItem, ProdefParent } from '@hall/api';
import { NO_DATA_MESSAGE } from '@hall/api/internal';
import { regionPath } from '@hall/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessCategories, businessFields, businessTypes, businesses, dictionaries } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';

export const BUSINESS_REQUIRED = '请选择要办理的业务';
export const BUSINESS_NOT_FOUND = '未找到该业务，请重新选择';
export const DISTRICT_REQUIRED = '请选择办理地区';
export const DICTIONARY_TYPE_REQUIRED = '请指定字典类型';

export type BusinessRow = typeof businesses.$inferSelect;

/** The business types of /sel, in display order. */
export async function listBusinessTypes(db: Database): Promise<BusinessType[]> {
  const rows = await db.select().from(businessTypes).orderBy(asc(businessTypes.sort), asc(businessTypes.id));
  return rows.map((row) => ({ examplename: row.examplename, examplerange: row.examplerange, imgpath: row.imgpath }));
}

/**
 * The businesses offered in a district, grouped under their parent categories. A business of a
 * city (or province) also serves its districts, so a citizen who chose a district sees them.
 * dylx, when given, keeps one business type's businesses.
 */
export async function selectableBusinesses(db: Database, xzqdm: string, dylx?: string): Promise<ProdefParent[]> {
  const district = xzqdm.trim();
  if (!district) throw badRequest(DISTRICT_REQUIRED);
  const codes = [...new Set([district, ...regionPath(district).map((entry) => entry.value)])];
  const range = dylx?.trim();
  const rows = await db
    .select({ business: businesses, category: businessCategories })
    .from(businesses)
    .innerJoin(businessCategories, eq(businessCategories.id, businesses.parentId))
    .innerJoin(businessTypes, eq(businessTypes.id, businesses.typeId))
    .where(and(inArray(businesses.xzqdm, codes), range ? eq(businessTypes.examplerange, range) : undefined))
    .orderBy(asc(businessCategories.sort), asc(businessCategories.id), asc(businesses.sort), asc(businesses.id));
  const parents = new Map<string, ProdefParent>();
  for (const { business, category } of rows) {
    let parent = parents.get(category.id);
    if (!parent) {
      parent = { Id: category.id, Prodef_name: category.prodefName, Prodefs: [] };
      parents.set(category.id, parent);
    }
    parent.Prodefs.push({
      id: business.id,
      prodef_name: business.prodefName,
      yhlx: business.yhlx,
      djlx: business.djlx,
      qllx: business.qllx,
      code: business.code,
    });
  }
  return [...parents.values()];
}

/** One business by its prodefid; a blank id or an unknown one is the citizen's to fix. */
export async function requireBusiness(db: Pick<Database, 'select'>, prodefid: string): Promise<BusinessRow> {
  const id = prodefid.trim();
  if (!id) throw badRequest(BUSINESS_REQUIRED);
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  return row;
}

/** The unit form's fields of a business and the titles of its person panels (getApplyTitle). */
export async function readApplyTitle(db: Database, prodefid: string): Promise<ApplyTitle> {
  const business = await requireBusiness(db, prodefid);
  const fields = await db.select().from(businessFields).where(eq(businessFields.prodefId, business.id)).orderBy(asc(businessFields.sort), asc(businessFields.id));
  return {
    fwxx: fields.map((row) => ({ field: row.field, isfillin: row.isfillin, label: row.label })),
    ywr: business.ywr,
    ywrAlias: business.ywrAlias,
    qlrAlias: business.qlrAlias,
  };
}

/** The items of one dictionary in display order; an unknown type has no data. */
export async function dictionaryItems(db: Database, type: string): Promise<DictionaryItem[]> {
  const key = type.trim().toUpperCase();
  if (!key) throw badRequest(DICTIONARY_TYPE_REQUIRED);
  const rows = await db.select({ code: dictionaries.code, text: dictionaries.text }).from(dictionaries).where(eq(dictionaries.type, key)).orderBy(asc(dictionaries.sort), asc(dictionaries.code));
  if (rows.length === 0) throw notFound(NO_DATA_MESSAGE);
  return rows;
}
