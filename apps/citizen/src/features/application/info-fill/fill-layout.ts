import type { Applicant, ApplicationDetail, ApplyTitle, RightsRecord } from '@hall/api/browser';
import {
  PERSON_SECTION_KINDS,
  SAVE_TYPES,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
  holdingMethodLabel,
  mortgageMethodLabel,
  mortgageeTableRows,
  personSectionTitle,
  visibleSections as visibleCaseSections,
  type FillSection,
  type InfoFillScreen,
  type PersonSection,
} from '@hall/domain';
import { paths } from '../../../config/paths';

/** Every fill screen under /info, as its route names it. */
export const FILL_SCREENS: readonly InfoFillScreen[] = [
  'infofill',
  'infofillscdj',
  'infofillzxdj',
  'infofillygdj',
  'infofillclfmm',
  'infofillJc',
  'infofillJcinfo',
  'infofilldyqsc',
  'infofilldyqzy',
  'infofillydy',
  'infofillyg_ydy',
];

export function asFillScreen(name: string | undefined): InfoFillScreen | null {
  return FILL_SCREENS.find((screen) => screen === name) ?? null;
}

/** The sections a screen shows for the application, by the domain's panel rules and the business's ywr. */
export function visibleSections(screen: InfoFillScreen, detail: ApplicationDetail, title: ApplyTitle): FillSection[] {
  const { djlx, qllx } = detail.proinst;
  return visibleCaseSections(screen, { djlx, qllx, district: detail.xzqdm || detail.proinst.xzqdm, ywr: title.ywr });
}

/**
 * A person section as the fill screens and the detail pages show it: its title (by the business's
 * wording), the applicant kind (sqr_lx) its rows open with, and the applicants it lists (the
 * mortgagee table by its own rule, else the persons of that kind).
 */
export function personSection(section: PersonSection, detail: ApplicationDetail, title: ApplyTitle): { title: string; kind: string; rows: Applicant[] } {
  const kind = PERSON_SECTION_KINDS[section];
  const rows = section === 'mortgagee' ? mortgageeTableRows(detail.sqrs) : detail.sqrs.filter((person) => person.sqr_lx === kind);
  return { title: personSectionTitle(section, title), kind, rows };
}

/** Where a rights section is edited and previewed, which record (savetype) it keeps, and the method its one row shows. */
export interface RightsSection {
  savetype: string;
  title: string;
  /** The edit screen under /info. */
  editPath: string;
  /** The read-only preview the detail page opens. */
  previewPath: string;
  record: RightsRecord | undefined;
  /** The row's column: 抵押方式 for mortgage rights, else 持证方式. */
  methodHead: '抵押方式' | '持证方式';
  /** The mortgage method (dyfs), or the holding method (czfs; rights info falls back to the application's czfs). */
  method: string | undefined;
  methodLabel: string;
}

/**
 * The rights record behind a section. Mortgage rights are the mortgage record (3). The pre-notation
 * section keeps a transfer's rights as rights info (99: holding method, count, amount, edited on
 * /info/qlxxinfo) for djlx 200, or wherever rights info is already saved; otherwise the
 * pre-notation record (2, edited on /info/ygqlxx).
 */
export function rightsSection(section: 'preNotationRights' | 'mortgageRights', detail: ApplicationDetail): RightsSection {
  const byType = (type: string) => detail.qlxxInfo.find((record) => record.savetype === type);
  if (section === 'mortgageRights') {
    const record = byType(SAVE_TYPE_MORTGAGE);
    const method = record?.dyfs;
    return {
      savetype: SAVE_TYPE_MORTGAGE,
      title: SAVE_TYPES[SAVE_TYPE_MORTGAGE],
      editPath: paths.infoDyqinfo,
      previewPath: paths.recordPreview.mortgageRights,
      record,
      methodHead: '抵押方式',
      method,
      methodLabel: mortgageMethodLabel(method),
    };
  }
  const holding = (record: RightsRecord | undefined, fallback: string | undefined) => {
    const method = record?.czfs ?? fallback;
    return { record, methodHead: '持证方式' as const, method, methodLabel: holdingMethodLabel(method) };
  };
  const rightsInfo = byType(SAVE_TYPE_RIGHTS_INFO);
  if (rightsInfo || detail.proinst.djlx === '200') {
    return {
      savetype: SAVE_TYPE_RIGHTS_INFO,
      title: SAVE_TYPES[SAVE_TYPE_RIGHTS_INFO],
      editPath: paths.infoQlxxinfo,
      previewPath: paths.recordPreview.rightsInfo,
      ...holding(rightsInfo, detail.czfs),
    };
  }
  return {
    savetype: SAVE_TYPE_PRE_NOTATION,
    title: SAVE_TYPES[SAVE_TYPE_PRE_NOTATION],
    editPath: paths.infoYgqlxx,
    previewPath: paths.recordPreview.preNotationRights,
    ...holding(byType(SAVE_TYPE_PRE_NOTATION), undefined),
  };
}

/** The query every fill screen carries on: id (the application), djlx, qllx, code, appointment. */
export interface FillQuery {
  applicationId: string;
  djlx: string;
  qllx: string;
  code: string;
  appointment: string;
}
