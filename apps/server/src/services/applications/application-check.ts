import { NO_DATA_MESSAGE } from '@hall/api/internal';
import { APPLICANT_KINDS, applicantKindTitle, checkedScreen, firstSectionLack, isAppointmentApplication } from '@hall/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicants, businesses, propertyUnits, rightsInfo } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { validateApplicantRow } from './applicants';
import { findOwnedApplication } from './applications';

export const CHECK_PASSED = '校验通过';
const BY_SHARE = '2';

/** The share total a by-share (按份共有) group must reach, and the message when it does not. */
export function shareTotalMessage(kindLabel: string, total: string): string {
  return `按份共有的${kindLabel}份额之和须为100%，当前为${total}%`;
}

/** A share as hundredths, so 33.33 + 66.67 adds up exactly. */
function hundredths(share: string): number {
  const value = Number(share);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/**
 * check (part 2 §4, §7): before the upload, the parties, units and rights the pair's fill screen asks
 * for are present; every applicant passes the applicant rule; the shares of each by-share group
 * (rights holders, obligors) add up to 100. An appointment-only application has no fill screens, so
 * only its applicants are checked. Throws the first problem; answers nothing when all is well.
 */
export async function checkApplication(db: Database, openid: string, proinstid: string): Promise<void> {
  const application = await findOwnedApplication(db, openid, proinstid);
  if (!application) throw notFound(NO_DATA_MESSAGE);
  const [business] = await db.select({ ywr: businesses.ywr, ywrAlias: businesses.ywrAlias, qlrAlias: businesses.qlrAlias }).from(businesses).where(eq(businesses.id, application.prodefid));
  const [persons, units, rights] = await Promise.all([
    db.select().from(applicants).where(eq(applicants.applicationId, application.id)).orderBy(asc(applicants.id)),
    db.select({ id: propertyUnits.id }).from(propertyUnits).where(eq(propertyUnits.applicationId, application.id)),
    db.select().from(rightsInfo).where(eq(rightsInfo.applicationId, application.id)),
  ]);
  const owner = business ?? { ywr: '1', ywrAlias: APPLICANT_KINDS['1'], qlrAlias: APPLICANT_KINDS['0'] };
  const kindLabel = (kind: string) => applicantKindTitle(kind, owner);

  if (!isAppointmentApplication(application.appointment)) {
    const lack = firstSectionLack(
      checkedScreen(application.djlx, application.qllx),
      { djlx: application.djlx, qllx: application.qllx, district: application.xzqdm, ywr: owner.ywr },
      {
        titles: owner,
        applicants: persons.map((person) => ({ sqr_lx: person.sqrLx, sqr_zjlx: person.sqrZjlx })),
        unitCount: units.length,
        rightsRecords: new Map(rights.map((row) => [row.savetype, row.fields])),
      },
    );
    if (lack) throw badRequest(lack);
  }
  for (const person of persons) {
    const problem = validateApplicantRow(person);
    if (problem) throw badRequest(`${kindLabel(person.sqrLx)}「${person.sqrName}」：${problem}`);
  }
  for (const kind of ['0', '1']) {
    const byShare = persons.filter((person) => person.sqrLx === kind && person.sqrGyfs === BY_SHARE);
    if (byShare.length === 0) continue;
    const total = byShare.reduce((sum, person) => sum + hundredths(person.sqrGyfe), 0);
    if (total !== 10000) throw badRequest(shareTotalMessage(kindLabel(kind), String(total / 100)));
  }
}
