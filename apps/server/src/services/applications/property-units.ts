import type { UnitSave } from '@hall/api';
import { normalizeTypedNumber, validatePropertyForm } from '@hall/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessFields, propertyUnits } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { firstRowById, parseRowId } from '../../lib/row-id';
import { lockEditableApplication, textOf } from './application-editing';

export const UNIT_NOT_FOUND = '未找到该不动产单元';
export const UNITS_EMPTY = '请填写不动产单元信息';

/** The spec's defaults of a unit (part 2 §3) where the form leaves a field blank. */
const UNIT_DEFAULTS = { fwyt: '10', tdsyq_yt: '071', czfs: '02', sfhbzs: '0' } as const;

/** A unit's fields by their spec names, trimmed, with the defaults filled in: what is checked and stored. */
function withDefaults(unit: UnitSave): Record<Exclude<keyof UnitSave, 'id'>, string> {
  const value = (key: keyof UnitSave) => textOf(unit[key]);
  return {
    // Certificate and unit numbers in the registry's half-width form, however the phone typed them.
    bdcqzmh: normalizeTypedNumber(value('bdcqzmh')),
    bdcdyh: normalizeTypedNumber(value('bdcdyh')),
    zl: value('zl'),
    fwsyqmj: value('fwsyqmj'),
    tdsyq_mj: value('tdsyq_mj'),
    mj_bgh: value('mj_bgh'),
    zgzqse: value('zgzqse'),
    bdbzzqse: value('bdbzzqse'),
    qdjg: value('qdjg'),
    qlqssj: value('qlqssj'),
    qljssj: value('qljssj'),
    fwyt: value('fwyt') || UNIT_DEFAULTS.fwyt,
    tdsyq_yt: value('tdsyq_yt') || UNIT_DEFAULTS.tdsyq_yt,
    czfs: value('czfs') || UNIT_DEFAULTS.czfs,
    sfhbzs: value('sfhbzs') || UNIT_DEFAULTS.sfhbzs,
  };
}

function unitValues(unit: UnitSave) {
  const fields = withDefaults(unit);
  const value = (key: keyof typeof fields) => fields[key];
  return {
    bdcqzmh: value('bdcqzmh'),
    bdcdyh: value('bdcdyh'),
    zl: value('zl'),
    fwsyqmj: value('fwsyqmj'),
    tdsyqMj: value('tdsyq_mj'),
    mjBgh: value('mj_bgh'),
    zgzqse: value('zgzqse'),
    bdbzzqse: value('bdbzzqse'),
    qdjg: value('qdjg'),
    qlqssj: value('qlqssj'),
    qljssj: value('qljssj'),
    fwyt: value('fwyt'),
    tdsyqYt: value('tdsyq_yt'),
    czfs: value('czfs'),
    sfhbzs: value('sfhbzs'),
  };
}

/**
 * addReleasteInfo: checks every unit against the business's field list (validatePropertyForm), then
 * adds each unit, or updates the one its id names, in one transaction, so a unit that fails leaves
 * none of the others written. Answers the units' ids in the order sent.
 */
export async function saveUnits(db: Database, openid: string, proinstid: string, units: UnitSave[]): Promise<string[]> {
  if (units.length === 0) throw badRequest(UNITS_EMPTY);
  return db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    const fields = await tx
      .select({ field: businessFields.field, isfillin: businessFields.isfillin })
      .from(businessFields)
      .where(eq(businessFields.prodefId, application.prodefid))
      .orderBy(asc(businessFields.sort), asc(businessFields.id));
    for (const [index, unit] of units.entries()) {
      const problem = validatePropertyForm(fields, withDefaults(unit), { qllx: application.qllx });
      if (problem) throw badRequest(units.length > 1 ? `第${index + 1}个不动产单元：${problem}` : problem);
    }
    const ids: string[] = [];
    for (const unit of units) {
      const values = unitValues(unit);
      if (textOf(unit.id)) {
        const updated = await firstRowById(textOf(unit.id), (rowId) =>
          tx
            .update(propertyUnits)
            .set(values)
            .where(and(eq(propertyUnits.id, rowId), eq(propertyUnits.applicationId, application.id)))
            .returning({ id: propertyUnits.id }),
        );
        if (!updated) throw notFound(UNIT_NOT_FOUND);
        ids.push(String(updated.id));
      } else {
        const [inserted] = await tx
          .insert(propertyUnits)
          .values({ applicationId: application.id, ...values })
          .returning({ id: propertyUnits.id });
        ids.push(String(inserted!.id));
      }
    }
    return ids;
  });
}

/** delReleasteInfo: deletes one unit of one of the citizen's editable applications. */
export async function deleteUnit(db: Database, openid: string, proinstid: string, fwxxid: string): Promise<void> {
  const unitId = parseRowId(fwxxid);
  await db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    const removed =
      unitId === null
        ? []
        : await tx
            .delete(propertyUnits)
            .where(and(eq(propertyUnits.id, unitId), eq(propertyUnits.applicationId, application.id)))
            .returning({ id: propertyUnits.id });
    if (removed.length === 0) throw notFound(UNIT_NOT_FOUND);
  });
}
