import type { ApplicationDetail, ApplyTitle, RightsRecord } from '@hall/api/browser';
import {
  SAVE_TYPES,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
  visibleSections as visibleCaseSections,
  type FillSection,
  type InfoFillScreen,
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

/** Where a rights section is edited and which record (savetype) it keeps. */
export interface RightsSection {
  savetype: string;
  title: string;
  /** The edit screen under /info. */
  editPath: string;
  record: RightsRecord | undefined;
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
    return { savetype: SAVE_TYPE_MORTGAGE, title: SAVE_TYPES[SAVE_TYPE_MORTGAGE], editPath: paths.infoDyqinfo, record: byType(SAVE_TYPE_MORTGAGE) };
  }
  const rightsInfo = byType(SAVE_TYPE_RIGHTS_INFO);
  if (rightsInfo || detail.proinst.djlx === '200') {
    return { savetype: SAVE_TYPE_RIGHTS_INFO, title: SAVE_TYPES[SAVE_TYPE_RIGHTS_INFO], editPath: paths.infoQlxxinfo, record: rightsInfo };
  }
  return { savetype: SAVE_TYPE_PRE_NOTATION, title: SAVE_TYPES[SAVE_TYPE_PRE_NOTATION], editPath: paths.infoYgqlxx, record: byType(SAVE_TYPE_PRE_NOTATION) };
}

/** The query every fill screen carries on: id (the application), djlx, qllx, code, appointment. */
export interface FillQuery {
  applicationId: string;
  djlx: string;
  qllx: string;
  code: string;
  appointment: string;
}

