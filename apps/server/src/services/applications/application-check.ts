import { NO_DATA_MESSAGE } from '@hall/api';
import {
  SAVE_TYPES,
  SAVE_TYPE_CANCELLATION,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
  APPLICANT_KINDS,
  applyNextScreen,
  detailRoute,
  fillScreenSections,
  isAppointmentApplication,
  mortgageeTableRows,
  showsMortgageePanel,
  showsRightsInfoPanel,
  validateCancellation,
  type DetailRoute,
  type FillSection,
  type InfoFillScreen,
} from '@hall/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicants, businesses, propertyUnits, rightsInfo } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { validateApplicantRow, type ApplicantRow } from './applicants';
import { findOwnedApplication, type ApplicationRow } from './applications';

export const CHECK_PASSED = '校验通过';
export const UNITS_MISSING = '请添加不动产单元信息';
export const MORTGAGEE_MISSING = `请添加${APPLICANT_KINDS['10']}`;
const BY_SHARE = '2';

/** The share total a by-share (按份共有) group must reach, and the message when it does not. */
export function shareTotalMessage(kindLabel: string, total: string): string {
  return `按份共有的${kindLabel}份额之和须为100%，当前为${total}%`;
}

/**
 * The fill screen whose sections a pair fills in. Pairs whose apply screen has its own layout
 * (infofillJc for 200+4 and 800+4) are checked by the screen of their detail page, which shows the
 * same sections read-only (Clfmm, Ygdj).
 */
const DETAIL_PAGE_SCREENS: Readonly<Record<DetailRoute, InfoFillScreen>> = {
  '/applyDetail': 'infofill',
  '/applyDetailDyqzy': 'infofilldyqzy',
  '/applyDetailDyqsc': 'infofilldyqsc',
  '/applyDetailClfmm': 'infofillclfmm',
  '/applyDetailYdy': 'infofillydy',
  '/applyDetailYgdj': 'infofillygdj',
  '/applyDetailYg_Ydy': 'infofillyg_ydy',
  '/applyDetailZxdj': 'infofillzxdj',
};

export function checkedScreen(djlx: string, qllx: string): InfoFillScreen {
  const screen = applyNextScreen(djlx, qllx);
  return fillScreenSections(screen).length > 0 ? screen : DETAIL_PAGE_SCREENS[detailRoute(djlx, qllx)];
}

/** A share as hundredths, so 33.33 + 66.67 adds up exactly. */
function hundredths(share: string): number {
  const value = Number(share);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

interface CheckState {
  application: ApplicationRow;
  business: { ywr: string; ywrAlias: string; qlrAlias: string };
  persons: ApplicantRow[];
  unitCount: number;
  records: Map<string, Record<string, string>>;
}

/** What a section needs before the upload, or null when it is complete (or not asked for this pair). */
function sectionProblem(section: FillSection, screen: InfoFillScreen, state: CheckState): string | null {
  const { application, business, persons, records } = state;
  const showsRights = showsRightsInfoPanel(application.djlx, application.qllx, application.xzqdm);
  const has = (kind: string) => persons.some((person) => person.sqrLx === kind);
  switch (section) {
    case 'obligee':
      return has('0') ? null : `请添加${business.qlrAlias}`;
    case 'obligor':
      return business.ywr !== '1' || has('1') ? null : `请添加${business.ywrAlias}`;
    case 'mortgagee':
      // The general screen shows the mortgagee panel only for 700+423.
      if (screen === 'infofill' && !showsMortgageePanel(application.djlx, application.qllx)) return null;
      return mortgageeTableRows(persons.map((person) => ({ sqr_lx: person.sqrLx, sqr_zjlx: person.sqrZjlx }))).length > 0 ? null : MORTGAGEE_MISSING;
    case 'unit':
      return state.unitCount > 0 ? null : UNITS_MISSING;
    case 'preNotationRights':
      if (!showsRights) return null;
      // The transfer screens keep their rights as rights info (99) rather than a pre-notation record.
      return records.has(SAVE_TYPE_PRE_NOTATION) || records.has(SAVE_TYPE_RIGHTS_INFO) ? null : `请填写${SAVE_TYPES[SAVE_TYPE_PRE_NOTATION]}`;
    case 'mortgageRights':
      if (!showsRights) return null;
      // On the general screen either rights record will do; it shows one rights panel.
      if (screen === 'infofill') return records.size > 0 ? null : `请填写${SAVE_TYPES[SAVE_TYPE_RIGHTS_INFO]}`;
      return records.has(SAVE_TYPE_MORTGAGE) ? null : `请填写${SAVE_TYPES[SAVE_TYPE_MORTGAGE]}`;
    case 'certificateNumber':
      return validateCancellation({ certificateNumber: records.get(SAVE_TYPE_CANCELLATION)?.BDCZMH });
    default:
      return null;
  }
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
  const [business] = await db
    .select({ ywr: businesses.ywr, ywrAlias: businesses.ywrAlias, qlrAlias: businesses.qlrAlias })
    .from(businesses)
    .where(eq(businesses.id, application.prodefid));
  const [persons, units, rights] = await Promise.all([
    db.select().from(applicants).where(eq(applicants.applicationId, application.id)).orderBy(asc(applicants.id)),
    db.select({ id: propertyUnits.id }).from(propertyUnits).where(eq(propertyUnits.applicationId, application.id)),
    db.select().from(rightsInfo).where(eq(rightsInfo.applicationId, application.id)),
  ]);
  const state: CheckState = {
    application,
    business: business ?? { ywr: '1', ywrAlias: APPLICANT_KINDS['1'], qlrAlias: APPLICANT_KINDS['0'] },
    persons,
    unitCount: units.length,
    records: new Map(rights.map((row) => [row.savetype, row.fields])),
  };
  const kindLabel = (kind: string) =>
    kind === '0' ? state.business.qlrAlias : kind === '1' ? state.business.ywrAlias : (APPLICANT_KINDS as Record<string, string>)[kind] ?? kind;

  if (!isAppointmentApplication(application.appointment)) {
    const screen = checkedScreen(application.djlx, application.qllx);
    for (const section of fillScreenSections(screen)) {
      const problem = sectionProblem(section, screen, state);
      if (problem) throw badRequest(problem);
    }
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
