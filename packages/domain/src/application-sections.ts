/**
 * The sections of an application (spec part 2 §2, §4, §7): the fill screen a case is filled on, the
 * sections it shows once the panel rules are applied, what each section still lacks before the
 * upload, and whether an applicant is a company. The server's check and the citizen's fill and
 * detail screens read these, so a case asks for the same sections everywhere.
 */
import {
  APPLICANT_CATEGORY_COMPANY,
  APPLICANT_CATEGORY_PERSON,
  APPLICANT_KINDS,
  COMPANY_ID_TYPES,
  enumLabel,
  SAVE_TYPES,
  SAVE_TYPE_CANCELLATION,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
} from './enums';
import { citizenPaths, type DetailRoute } from './citizen-paths';
import {
  applyNextScreen,
  detailRoute,
  fillScreenSections,
  mortgageeTableRows,
  showsMortgageePanel,
  showsRightsInfoPanel,
  type FillSection,
  type InfoFillScreen,
  type MortgageeCandidate,
  type RoutingCode,
} from './routing';
import { validateCancellation } from './validation';

// ---------------------------------------------------------------------------------------------
// Which screen's sections a case has

/** The fill screen whose sections each read-only detail page shows. */
export const DETAIL_PAGE_SCREENS: Readonly<Record<DetailRoute, InfoFillScreen>> = {
  [citizenPaths.applyDetail.general]: 'infofill',
  [citizenPaths.applyDetail.dyqzy]: 'infofilldyqzy',
  [citizenPaths.applyDetail.dyqsc]: 'infofilldyqsc',
  [citizenPaths.applyDetail.clfmm]: 'infofillclfmm',
  [citizenPaths.applyDetail.ydy]: 'infofillydy',
  [citizenPaths.applyDetail.ygdj]: 'infofillygdj',
  [citizenPaths.applyDetail.ygYdy]: 'infofillyg_ydy',
  [citizenPaths.applyDetail.zxdj]: 'infofillzxdj',
};

export function detailPageScreen(route: DetailRoute): InfoFillScreen {
  return DETAIL_PAGE_SCREENS[route];
}

/**
 * The sections a fill screen shows. The screens with a layout of their own (scdj, Jc, Jcinfo: no
 * sections in the routing table) show the sections of their pair's detail page, which lists the
 * same parties, units and rights read-only.
 */
export function screenSections(screen: InfoFillScreen, djlx: RoutingCode, qllx: RoutingCode): readonly FillSection[] {
  const own = fillScreenSections(screen);
  return own.length > 0 ? own : fillScreenSections(detailPageScreen(detailRoute(djlx, qllx)));
}

/**
 * The screen a pair's sections are checked against before the upload: its apply screen, or, where
 * that screen has its own layout (infofillJc for 200+4 and 800+4), the screen of its detail page.
 */
export function checkedScreen(djlx: RoutingCode, qllx: RoutingCode): InfoFillScreen {
  const screen = applyNextScreen(djlx, qllx);
  return fillScreenSections(screen).length > 0 ? screen : detailPageScreen(detailRoute(djlx, qllx));
}

// ---------------------------------------------------------------------------------------------
// Which sections a case shows

/** What of an application and its business decides the sections it shows. */
export interface ApplicationCase {
  readonly djlx: RoutingCode;
  readonly qllx: RoutingCode;
  /** The application's district (xzqdm). */
  readonly district: RoutingCode | null | undefined;
  /** The business's ywr: '0' when it has no obligors (义务人). */
  readonly ywr: string;
}

/**
 * The sections a screen shows for a case: obligors only when the business has them, the mortgagee
 * panel of the general screen only for 700+423, the rights panels unless the district's rule hides them.
 */
export function visibleSections(screen: InfoFillScreen, application: ApplicationCase): FillSection[] {
  const { djlx, qllx } = application;
  const rights = showsRightsInfoPanel(djlx, qllx, application.district);
  return screenSections(screen, djlx, qllx).filter((section) => {
    if (section === 'obligor') return application.ywr !== '0';
    if (section === 'mortgagee') return screen !== 'infofill' || showsMortgageePanel(djlx, qllx);
    if (section === 'preNotationRights' || section === 'mortgageRights') return rights;
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// The persons a section lists, and what they are called

/** The applicant kind (sqr_lx) each person section lists. */
export const PERSON_SECTION_KINDS = { obligee: '0', obligor: '1', mortgagee: '10' } as const;
export type PersonSection = keyof typeof PERSON_SECTION_KINDS;

/** A business's own titles for its rights holders and obligors (qlrAlias, ywrAlias of getApplyTitle). */
export interface PartyTitles {
  readonly qlrAlias: string;
  readonly ywrAlias: string;
}

/** What a person of a kind is called on a business: its title for rights holders and obligors, else the kind's name. */
export function applicantKindTitle(kind: string, titles: PartyTitles): string {
  if (kind === PERSON_SECTION_KINDS.obligee) return titles.qlrAlias || APPLICANT_KINDS['0'];
  if (kind === PERSON_SECTION_KINDS.obligor) return titles.ywrAlias || APPLICANT_KINDS['1'];
  return enumLabel(APPLICANT_KINDS, kind) ?? kind;
}

/** A person section's title (抵押人 for a mortgage's obligors, 抵押权人 …). */
export function personSectionTitle(section: PersonSection, titles: PartyTitles): string {
  return applicantKindTitle(PERSON_SECTION_KINDS[section], titles);
}

// ---------------------------------------------------------------------------------------------
// What a section lacks before the upload (check, part 2 §4, §7)

export const UNITS_MISSING = '请添加不动产单元信息';
export const MORTGAGEE_MISSING = `请添加${APPLICANT_KINDS['10']}`;

/** What has been filled in on an application, as the check reads it. */
export interface FilledApplication {
  readonly titles: PartyTitles;
  readonly applicants: readonly MortgageeCandidate[];
  readonly unitCount: number;
  /** The rights records saved, by savetype, with their fields. */
  readonly rightsRecords: ReadonlyMap<string, Readonly<Record<string, string>>>;
}

/** What a shown section still needs, or null when it is complete. */
export function sectionLack(section: FillSection, screen: InfoFillScreen, filled: FilledApplication): string | null {
  const { applicants, rightsRecords } = filled;
  const has = (kind: string) => applicants.some((person) => String(person.sqr_lx ?? '') === kind);
  switch (section) {
    case 'obligee':
    case 'obligor':
      return has(PERSON_SECTION_KINDS[section]) ? null : `请添加${personSectionTitle(section, filled.titles)}`;
    case 'mortgagee':
      return mortgageeTableRows(applicants).length > 0 ? null : MORTGAGEE_MISSING;
    case 'unit':
      return filled.unitCount > 0 ? null : UNITS_MISSING;
    case 'preNotationRights':
      // The transfer screens keep their rights as rights info (99) rather than a pre-notation record.
      return rightsRecords.has(SAVE_TYPE_PRE_NOTATION) || rightsRecords.has(SAVE_TYPE_RIGHTS_INFO) ? null : `请填写${SAVE_TYPES[SAVE_TYPE_PRE_NOTATION]}`;
    case 'mortgageRights':
      // On the general screen either rights record will do; it shows one rights panel.
      if (screen === 'infofill') return rightsRecords.size > 0 ? null : `请填写${SAVE_TYPES[SAVE_TYPE_RIGHTS_INFO]}`;
      return rightsRecords.has(SAVE_TYPE_MORTGAGE) ? null : `请填写${SAVE_TYPES[SAVE_TYPE_MORTGAGE]}`;
    case 'certificateNumber':
      return validateCancellation({ certificateNumber: rightsRecords.get(SAVE_TYPE_CANCELLATION)?.BDCZMH });
    default:
      return null;
  }
}

/** The first thing the case's shown sections lack, in the screen's order, or null when all are complete. */
export function firstSectionLack(screen: InfoFillScreen, application: ApplicationCase, filled: FilledApplication): string | null {
  for (const section of visibleSections(screen, application)) {
    const lack = sectionLack(section, screen, filled);
    if (lack) return lack;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The applicant category (part 2 §3)

/** A company ID type (6, 7) makes an applicant a company ('1'); any other a person ('2'). */
export function applicantCategoryOf(idType: string | null | undefined): typeof APPLICANT_CATEGORY_COMPANY | typeof APPLICANT_CATEGORY_PERSON {
  return Object.hasOwn(COMPANY_ID_TYPES, idType ?? '') ? APPLICANT_CATEGORY_COMPANY : APPLICANT_CATEGORY_PERSON;
}
