import { REGISTRATION_TYPES, RIGHT_TYPES, PROPERTY_FIELD_LABELS } from '@hall/domain';
import type { CatalogueList } from '@hall/api';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { applications, businessCategories, businessFields, businessMaterials, businesses, businessTypes } from '../../db/schema';
import { DEMO_BUSINESS_TYPES, PAIRS } from '../../seed/apply-catalogue';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../operators/audit';
import { checkedDistrict } from '../../lib/district-code';

/**
 * The application catalogue's businesses from the console (系统管理员). A business follows one
 * registration pair (登记类型 + 权利类型), which gives its code, type, panels and unit fields; its
 * guide and materials are kept on their own screens. One that applications were made for is never
 * removed, so no application loses its business.
 */

export const BUSINESS_NAME_REQUIRED = '请填写业务名称';
export const AREA_NAME_REQUIRED = '请填写办理地点名称，例如邯郸市';
export const PAIR_UNKNOWN = '请选择登记类型和权利类型';
export const BUSINESS_UNKNOWN = '该业务不存在，请刷新页面后重试';
export const businessHasApplications = (count: number) => `该业务已有 ${count} 件申请，删除会让这些申请找不到业务，不能删除。不再受理时可改名（例如加“停办”）或改到其他行政区`;

/** The type an enterprise business takes; individual ones take their pair's. */
const ENTERPRISE_TYPE = 'bt-enterprise';

const pairLabel = (pair: string) => {
  const [, djlx = '', qllx = ''] = pair.split('-');
  return `${REGISTRATION_TYPES[djlx as keyof typeof REGISTRATION_TYPES] ?? djlx} · ${RIGHT_TYPES[qllx as keyof typeof RIGHT_TYPES] ?? qllx}`;
};

export async function listCatalogue(db: Database): Promise<CatalogueList> {
  const rows = await db
    .select({
      business: businesses,
      typeName: businessTypes.examplename,
      categoryName: businessCategories.prodefName,
      applications: sql<number>`(select count(*)::int from ${applications} where ${applications.prodefid} = ${businesses.id})`,
    })
    .from(businesses)
    .innerJoin(businessTypes, eq(businessTypes.id, businesses.typeId))
    .innerJoin(businessCategories, eq(businessCategories.id, businesses.parentId))
    .orderBy(asc(businesses.xzqdm), asc(businesses.typeId), asc(businesses.sort), asc(businesses.id));
  return {
    items: rows.map(({ business, typeName, categoryName, applications: count }) => ({
      id: business.id,
      prodefName: business.prodefName,
      pair: `pd-${business.djlx}-${business.qllx}`,
      typeName,
      categoryName,
      yhlx: business.yhlx,
      xzqdm: business.xzqdm,
      areaname: business.areaname,
      sort: business.sort,
      applications: count,
    })),
    pairs: Object.entries(PAIRS).map(([pair, details]) => ({ pair, label: pairLabel(pair), typeName: DEMO_BUSINESS_TYPES.find((type) => type.id === details.type)?.examplename ?? '' })),
  };
}

export interface CatalogueInput {
  id?: string;
  prodefName: string;
  pair: string;
  yhlx: '0' | '1';
  xzqdm: string;
  areaname: string;
  sort: number;
}

/** A new business (with its pair's unit fields, its type and category made when the hall has none yet) or a business's changes. */
export async function saveCatalogueBusiness(db: Database, actor: AuditActor, input: CatalogueInput): Promise<CatalogueList> {
  const prodefName = input.prodefName.trim();
  const areaname = input.areaname.trim();
  if (!prodefName) throw badRequest(BUSINESS_NAME_REQUIRED);
  if (!areaname) throw badRequest(AREA_NAME_REQUIRED);
  const details = PAIRS[input.pair];
  if (!details) throw badRequest(PAIR_UNKNOWN);
  const [, djlx = '', qllx = ''] = input.pair.split('-');
  const typeId = input.yhlx === '1' ? ENTERPRISE_TYPE : details.type;
  const columns = { prodefName, yhlx: input.yhlx, xzqdm: checkedDistrict(input.xzqdm), areaname, sort: input.sort };

  await db.transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select().from(businesses).where(eq(businesses.id, input.id)).for('update');
      if (!before) throw notFound(BUSINESS_UNKNOWN);
      // The pair decides the screens and fields an application was made with: it stays as created.
      if (`pd-${before.djlx}-${before.qllx}` !== input.pair) throw conflict('业务创建后不能更换登记类型和权利类型，请新建一项业务');
      await tx
        .update(businesses)
        .set({ ...columns, typeId, code: input.yhlx === '1' ? `QY${details.code}` : details.code })
        .where(eq(businesses.id, before.id));
      await recordAudit(tx, actor, {
        action: 'catalogue.business.update',
        target: `business:${before.id}`,
        before: { prodefName: before.prodefName, yhlx: before.yhlx, xzqdm: before.xzqdm, areaname: before.areaname, sort: before.sort },
        after: columns,
      });
      return;
    }
    const type = DEMO_BUSINESS_TYPES.find((row) => row.id === typeId)!;
    await tx.insert(businessTypes).values(type).onConflictDoNothing();
    const categoryIndex = Object.keys(REGISTRATION_TYPES).indexOf(djlx);
    await tx
      .insert(businessCategories)
      .values({ id: `pc-${djlx}`, prodefName: REGISTRATION_TYPES[djlx as keyof typeof REGISTRATION_TYPES], sort: categoryIndex + 1 })
      .onConflictDoNothing();
    const id = `${input.pair}-${randomId(6).toLowerCase()}`;
    await tx.insert(businesses).values({
      id,
      parentId: `pc-${djlx}`,
      typeId,
      djlx,
      qllx,
      code: input.yhlx === '1' ? `QY${details.code}` : details.code,
      ywr: details.ywr,
      ywrAlias: details.ywrAlias,
      qlrAlias: details.qlrAlias,
      ...columns,
    });
    await tx.insert(businessFields).values(details.fields.map(([field, isfillin], index) => ({ prodefId: id, field, isfillin, label: PROPERTY_FIELD_LABELS[field] ?? field, sort: index + 1 })));
    await recordAudit(tx, actor, { action: 'catalogue.business.create', target: `business:${id}`, after: { pair: input.pair, ...columns } });
  });
  return listCatalogue(db);
}

/**
 * What else goes when a business is removed, inside the same transaction, written by the subject that
 * owns it: the business's guide belongs to the content console, which the catalogue cannot import (content
 * already reads the catalogue), so the route that removes a business hands in content's remover.
 */
export type RemovedWithBusiness = (tx: Transaction, businessId: string) => Promise<void>;

/** Removes a business no application was made for (its fields and materials go with it, and what `removeWith` removes). */
export async function deleteCatalogueBusiness(db: Database, actor: AuditActor, id: string, removeWith: RemovedWithBusiness): Promise<CatalogueList> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, id)).for('update');
    if (!before) throw notFound(BUSINESS_UNKNOWN);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(applications)
      .where(eq(applications.prodefid, id));
    if (count > 0) throw conflict(businessHasApplications(count));
    await removeWith(tx, id);
    await tx.delete(businesses).where(eq(businesses.id, id));
    await recordAudit(tx, actor, { action: 'catalogue.business.delete', target: `business:${id}`, before: { prodefName: before.prodefName, xzqdm: before.xzqdm } });
  });
  return listCatalogue(db);
}

/** The catalogue keeps 是/否 as the application flow reads it. */
export const MATERIAL_REQUIRED = '是';
const MATERIAL_OPTIONAL = '否';

/**
 * Replaces a business's material list whole, in the order given. Applications copy the list when they
 * are created, so the change applies to new applications only. The caller holds the business row's lock,
 * which keeps two saves from interleaving.
 */
export async function replaceBusinessMaterials(tx: Transaction, businessId: string, list: readonly BusinessMaterialInput[]): Promise<void> {
  await tx.delete(businessMaterials).where(eq(businessMaterials.prodefId, businessId));
  if (list.length === 0) return;
  await tx.insert(businessMaterials).values(
    list.map((material, index) => ({
      prodefId: businessId,
      name: material.name,
      required: material.required ? MATERIAL_REQUIRED : MATERIAL_OPTIONAL,
      sort: index + 1,
      hint: material.hint,
      samplePictureId: material.samplePictureId,
    })),
  );
}

/** A material as the catalogue keeps it: its help (hint, sample picture) already checked by the caller. */
export interface BusinessMaterialInput {
  name: string;
  required: boolean;
  hint: string;
  samplePictureId: string | null;
}
