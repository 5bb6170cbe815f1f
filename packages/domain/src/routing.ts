/**
 * Where the application flow goes next, chosen by registration type (djlx) and right type (qllx)
 * (spec part 1 §4, part 2 §2 and §4, part 3 §2.21 and §4).
 * Each routing table is one data table keyed `djlx+qllx` (or `djlx+*` for "any qllx")
 * and one lookup with its default, so a new business is a new row, never a new branch.
 */

import { citizenPaths, getHref, type CitizenPaths, type DetailRoute, type RouteQueryValue } from './citizen-paths';
import { SPECIAL_RULES_DISTRICT } from './enums';

/** Registration type codes (djlx) the hall knows. */
export const ROUTING_DJLX_VALUES = [100, 200, 400, 700, 800] as const;
/** Right type codes (qllx) the hall knows. */
export const ROUTING_QLLX_VALUES = [4, 23, 423] as const;

/** A code as it arrives: from the server as a number, from a route query as a string. */
export type RoutingCode = number | string;
export type RoutingDjlx = (typeof ROUTING_DJLX_VALUES)[number];
export type RoutingQllx = (typeof ROUTING_QLLX_VALUES)[number];
/** A table key: one djlx+qllx pair, or a djlx with any qllx. */
export type RoutingPairKey = `${RoutingDjlx}+${RoutingQllx}` | `${RoutingDjlx}+*`;
/** One routing table: rows keyed by pair, looked up by {@link lookupRoutingPair}. */
export type RoutingPairTable<T> = Readonly<Partial<Record<RoutingPairKey, T>>>;

function normalizeCode(value: RoutingCode | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** The row for a djlx+qllx pair: the exact pair first, then the djlx's any-qllx row; undefined when neither exists. */
export function lookupRoutingPair<T>(table: RoutingPairTable<T>, djlx: RoutingCode, qllx: RoutingCode): T | undefined {
  const rows = table as Readonly<Record<string, T>>;
  const registrationType = normalizeCode(djlx);
  return rows[`${registrationType}+${normalizeCode(qllx)}`] ?? rows[`${registrationType}+*`];
}

/** The change-of-holder (certificate change: inheritance, lost certificate) case: djlx 800 + qllx 4. */
export function isChangeOfHolderCase(djlx: RoutingCode, qllx: RoutingCode): boolean {
  return normalizeCode(djlx) === '800' && normalizeCode(qllx) === '4';
}

/** Appointment flag (appointment): '1'/1 means an appointment-only application, which skips the fill screens. */
export function isAppointmentApplication(appointment: RoutingCode | null | undefined): boolean {
  return normalizeCode(appointment) === '1';
}

// ---------------------------------------------------------------------------------------------
// Route targets and hrefs

/** A screen to navigate to: a path and its query, in the order the spec lists the parameters. */
export interface RouteTarget {
  readonly path: string;
  readonly query: Readonly<Record<string, RouteQueryValue>>;
}

/** The href of a target, by the one rule of {@link getHref}: empty values (null, undefined, '') are left out. */
export function routeHref(target: RouteTarget): string {
  return getHref(target.path, target.query);
}

/** The information-fill screens under /info (part 2 §2, part 3 §2.21). */
export type InfoFillScreen =
  'infofill' | 'infofillscdj' | 'infofillzxdj' | 'infofillygdj' | 'infofillclfmm' | 'infofillJc' | 'infofillJcinfo' | 'infofilldyqsc' | 'infofilldyqzy' | 'infofillydy' | 'infofillyg_ydy';

/** The route of a fill screen: they all live under /info. */
export function infoFillPath(screen: InfoFillScreen): `${CitizenPaths['info']}/${InfoFillScreen}` {
  return `${citizenPaths.info}/${screen}`;
}

export const UPLOAD_PATH = citizenPaths.upload;

/** The upload screen's query (part 2 §2): slsqId, appointment, djlx, qllx. */
function uploadTarget(applicationId: string, appointment: RoutingCode, djlx: RoutingCode, qllx: RoutingCode): RouteTarget {
  return { path: UPLOAD_PATH, query: { slsqId: applicationId, appointment, djlx, qllx } };
}

/** The fill screens' query (part 2 §2): id (application id), djlx, qllx, code, appointment. */
export interface FillRouteInput {
  /** Application id (id, slsqId, proinstid). */
  readonly applicationId: string;
  readonly djlx: RoutingCode;
  readonly qllx: RoutingCode;
  /** Business code (code). */
  readonly code?: string | undefined;
  /** Appointment flag (appointment): '1' or '0'. */
  readonly appointment: RoutingCode;
}

function fillTarget(screen: InfoFillScreen, input: FillRouteInput): RouteTarget {
  return {
    path: infoFillPath(screen),
    query: { id: input.applicationId, djlx: input.djlx, qllx: input.qllx, code: input.code, appointment: input.appointment },
  };
}

// ---------------------------------------------------------------------------------------------
// Apply → next screen (part 1 §4, part 2 §4)

/** After a successful apply call, by djlx+qllx. */
export const APPLY_NEXT_SCREENS: RoutingPairTable<InfoFillScreen> = {
  '100+23': 'infofilldyqzy',
  '100+4': 'infofilldyqsc',
  '700+23': 'infofillydy',
  '700+423': 'infofillyg_ydy',
  '700+4': 'infofillygdj',
  '200+23': 'infofilldyqzy',
  '200+4': 'infofillJc',
  '800+4': 'infofillJc',
  '400+*': 'infofillzxdj',
};
/** "Anything else" goes to the general fill screen. */
export const APPLY_NEXT_DEFAULT_SCREEN: InfoFillScreen = 'infofill';

export function applyNextScreen(djlx: RoutingCode, qllx: RoutingCode): InfoFillScreen {
  return lookupRoutingPair(APPLY_NEXT_SCREENS, djlx, qllx) ?? APPLY_NEXT_DEFAULT_SCREEN;
}

/** Where a successful apply goes: /upload for an appointment-only application, else the pair's fill screen. */
export function applyNextTarget(input: FillRouteInput): RouteTarget {
  if (isAppointmentApplication(input.appointment)) {
    return uploadTarget(input.applicationId, input.appointment, input.djlx, input.qllx);
  }
  return fillTarget(applyNextScreen(input.djlx, input.qllx), input);
}

// ---------------------------------------------------------------------------------------------
// Person save → next screen (part 2 §4, part 3 §4)

/** After a person (applicant) saves, by djlx+qllx. */
export const PERSON_SAVE_NEXT_SCREENS: RoutingPairTable<InfoFillScreen> = {
  '100+23': 'infofilldyqzy',
  '100+4': 'infofilldyqsc',
  '700+23': 'infofillydy',
  '700+423': 'infofillyg_ydy',
  '200+23': 'infofilldyqzy',
  '200+4': 'infofillJcinfo',
  '700+4': 'infofillygdj',
  '800+4': 'infofill',
};
/** The spec lists no other pair; the general fill screen is the one that shows every section. */
export const PERSON_SAVE_NEXT_DEFAULT_SCREEN: InfoFillScreen = 'infofill';

/** A company's save continues only for these pairs; for any other pair it fails. */
export const COMPANY_SAVE_NEXT_SCREENS: RoutingPairTable<InfoFillScreen> = {
  '100+23': 'infofillscdj',
};

/** Person category (category): 1 company, 2 person. */
export type PersonCategory = 1 | 2 | '1' | '2';

export function personSaveNextScreen(djlx: RoutingCode, qllx: RoutingCode): InfoFillScreen {
  return lookupRoutingPair(PERSON_SAVE_NEXT_SCREENS, djlx, qllx) ?? PERSON_SAVE_NEXT_DEFAULT_SCREEN;
}

export type PersonSaveNextResult = { readonly ok: true; readonly screen: InfoFillScreen; readonly target: RouteTarget } | { readonly ok: false; readonly reason: 'companyNotAllowed' };

export interface PersonSaveRouteInput extends FillRouteInput {
  readonly category: PersonCategory | RoutingCode;
}

/** Where a successful person save continues; a company outside the company table is a failure. */
export function personSaveNextTarget(input: PersonSaveRouteInput): PersonSaveNextResult {
  if (normalizeCode(input.category) === '1') {
    const screen = lookupRoutingPair(COMPANY_SAVE_NEXT_SCREENS, input.djlx, input.qllx);
    if (screen === undefined) return { ok: false, reason: 'companyNotAllowed' };
    return { ok: true, screen, target: fillTarget(screen, input) };
  }
  const screen = personSaveNextScreen(input.djlx, input.qllx);
  return { ok: true, screen, target: fillTarget(screen, input) };
}

// ---------------------------------------------------------------------------------------------
// Application list View/Edit (part 2 §2)

/** The fill screen the list's View/Edit opens, by djlx+qllx. */
export const LIST_EDIT_SCREENS: RoutingPairTable<InfoFillScreen> = {
  '100+23': 'infofillscdj',
  '100+4': 'infofilldyqsc',
  '200+23': 'infofilldyqzy',
  '200+4': 'infofillJcinfo',
  '800+4': 'infofillJcinfo',
  '700+23': 'infofillydy',
  '700+4': 'infofillygdj',
  '700+423': 'infofillyg_ydy',
  '400+*': 'infofillzxdj',
};
/** The spec lists no default; the list opens the apply table's "anything else", the general fill screen. */
export const LIST_EDIT_DEFAULT_SCREEN: InfoFillScreen = APPLY_NEXT_DEFAULT_SCREEN;

export function listEditScreen(djlx: RoutingCode, qllx: RoutingCode): InfoFillScreen {
  return lookupRoutingPair(LIST_EDIT_SCREENS, djlx, qllx) ?? LIST_EDIT_DEFAULT_SCREEN;
}

export interface ListEditRouteInput {
  /** Application id (id, slsqId). */
  readonly applicationId: string;
  /** Application number (slbh, prolsh); empty while not yet generated. */
  readonly applicationNumber?: string | null | undefined;
  readonly djlx: RoutingCode;
  readonly qllx: RoutingCode;
  readonly appointment: RoutingCode;
}

/** View/Edit from the list: /upload for an appointment-only application, else the pair's fill screen. */
export function listEditTarget(input: ListEditRouteInput): RouteTarget {
  if (isAppointmentApplication(input.appointment)) {
    return uploadTarget(input.applicationId, input.appointment, input.djlx, input.qllx);
  }
  return {
    path: infoFillPath(listEditScreen(input.djlx, input.qllx)),
    query: {
      slbh: input.applicationNumber ?? '',
      id: input.applicationId,
      slsqId: input.applicationId,
      djlx: input.djlx,
      qllx: input.qllx,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Detail pages: upload Next, the detail route table, preview back buttons (part 2 §2, §4)

const DETAIL = citizenPaths.applyDetail;

/**
 * The read-only detail page of a pair. One table serves upload Next, the detail route and the
 * preview back buttons: the §2 detail table agrees with the §4 upload-Next table on every row it
 * has and only lacks 800+4, which §4 sends to Ygdj; one table keeps Next and Back on the same page.
 */
export const DETAIL_ROUTES: RoutingPairTable<DetailRoute> = {
  '100+23': DETAIL.dyqzy,
  '100+4': DETAIL.dyqsc,
  '200+23': DETAIL.dyqzy,
  '200+4': DETAIL.clfmm,
  '700+23': DETAIL.ydy,
  '700+4': DETAIL.ygdj,
  '800+4': DETAIL.ygdj,
  '700+423': DETAIL.ygYdy,
  '400+*': DETAIL.zxdj,
};
/** The generic detail page (see citizenPaths.applyDetail for its spelling). */
export const DETAIL_DEFAULT_ROUTE: DetailRoute = DETAIL.general;

export function detailRoute(djlx: RoutingCode, qllx: RoutingCode): DetailRoute {
  return lookupRoutingPair(DETAIL_ROUTES, djlx, qllx) ?? DETAIL_DEFAULT_ROUTE;
}

export interface DetailRouteInput {
  readonly applicationId: string;
  readonly djlx: RoutingCode;
  readonly qllx: RoutingCode;
  readonly appointment?: RoutingCode | undefined;
  /** Whether the page offers Submit (isSubmit). */
  readonly isSubmit?: boolean | string | undefined;
}

/** A detail page with its query: id, appointment, djlx, qllx, isSubmit. */
export function detailTarget(input: DetailRouteInput): RouteTarget {
  return {
    path: detailRoute(input.djlx, input.qllx),
    query: { id: input.applicationId, appointment: input.appointment, djlx: input.djlx, qllx: input.qllx, isSubmit: input.isSubmit },
  };
}

/** Next on the upload screen opens the pair's detail page. */
export function uploadNextTarget(input: DetailRouteInput): RouteTarget {
  return detailTarget(input);
}

/** The back button of a read-only preview (项目信息预览) returns to the pair's detail page. */
export function previewBackTarget(input: DetailRouteInput): RouteTarget {
  return detailTarget(input);
}

// ---------------------------------------------------------------------------------------------
// Fill-screen sections (part 2 §2)

export type FillSection =
  | 'obligor' // 义务人
  | 'obligee' // 权利人
  | 'mortgagee' // 抵押权人
  | 'unit' // 不动产单元
  | 'preNotationRights' // 预告登记权利
  | 'mortgageRights' // 抵押权
  | 'certificateNumber' // 不动产权证号 (BDCZMH)
  | 'cancellationReason' // 注销原因 (ZXYY)
  | 'cancellationRemark'; // 注销附记 (ZXFJ)

const ALL_SIX_SECTIONS: readonly FillSection[] = ['obligor', 'obligee', 'mortgagee', 'unit', 'preNotationRights', 'mortgageRights'];

/** Sections of each fill screen, in the spec's order. */
export const FILL_SCREEN_SECTIONS: Readonly<Partial<Record<InfoFillScreen, readonly FillSection[]>>> = {
  infofill: ALL_SIX_SECTIONS,
  infofillzxdj: ['certificateNumber', 'cancellationReason', 'cancellationRemark'],
  infofillygdj: ['obligor', 'obligee', 'unit', 'preNotationRights'],
  infofillclfmm: ['obligee', 'obligor', 'unit', 'preNotationRights'],
  infofilldyqzy: ['mortgagee', 'unit', 'mortgageRights'],
  infofilldyqsc: ['obligor', 'obligee', 'unit', 'mortgageRights'],
  infofillydy: ['obligor', 'obligee', 'unit', 'mortgageRights'],
  infofillyg_ydy: ALL_SIX_SECTIONS,
};

/** The sections of a fill screen; screens the table does not list (scdj, Jc, Jcinfo) have their own layouts and none of these. */
export function fillScreenSections(screen: InfoFillScreen): readonly FillSection[] {
  return FILL_SCREEN_SECTIONS[screen] ?? [];
}

// ---------------------------------------------------------------------------------------------
// Panel rules of the fill screens (part 2 §2)

/** The rights-info panel is hidden for 400+23, and for djlx 200 in district 140200. */
export function showsRightsInfoPanel(djlx: RoutingCode, qllx: RoutingCode, district: RoutingCode | null | undefined): boolean {
  const registrationType = normalizeCode(djlx);
  if (registrationType === '400' && normalizeCode(qllx) === '23') return false;
  return !(registrationType === '200' && normalizeCode(district) === SPECIAL_RULES_DISTRICT);
}

/** The mortgagee panel of the general fill screen shows only for 700+423. */
export function showsMortgageePanel(djlx: RoutingCode, qllx: RoutingCode): boolean {
  return normalizeCode(djlx) === '700' && normalizeCode(qllx) === '423';
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/** Rights info (czfs) may be added only while none exists. */
export function canAddRightsInfo(czfs: string | null | undefined): boolean {
  return isBlank(czfs);
}

/**
 * The mortgage-rights add button: always visible on the multi-section screens; on the general
 * fill screen (infofill) only while no mortgage rights (dyfs) exist, as there it is edited instead.
 */
export function showsMortgageAddButton(screen: InfoFillScreen, dyfs: string | null | undefined): boolean {
  return screen === 'infofill' ? isBlank(dyfs) : true;
}

/** The rights table shows only when rights info exists (czfs non-empty). */
export function showsRightsTable(czfs: string | null | undefined): boolean {
  return !isBlank(czfs);
}

/** The mortgage table shows only when mortgage rights exist (dyfs non-empty). */
export function showsMortgageTable(dyfs: string | null | undefined): boolean {
  return !isBlank(dyfs);
}

/** The unit table shows only when the first unit has a unit number (bdcdyh). */
export function showsUnitTable(units: readonly { readonly bdcdyh?: string | null | undefined }[] | null | undefined): boolean {
  return !isBlank(units?.[0]?.bdcdyh);
}

/** Applicant fields the mortgagee table reads. */
export interface MortgageeCandidate {
  /** Applicant type (sqr_lx): 0 rights holder, 1 obligor, 10 mortgagee. */
  readonly sqr_lx?: RoutingCode | null | undefined;
  /** ID type (sqr_zjlx). */
  readonly sqr_zjlx?: RoutingCode | null | undefined;
}

/** The mortgagee table lists only persons of type 10 with a non-empty ID type. */
export function mortgageeTableRows<T extends MortgageeCandidate>(persons: readonly T[]): T[] {
  return persons.filter((person) => normalizeCode(person.sqr_lx) === '10' && !isBlank(person.sqr_zjlx));
}

// ---------------------------------------------------------------------------------------------
// Progress bar (part 2 §4, part 3 §2.21)

export const PROGRESS_STEPS_WITH_RIGHTS_INFO = ['业务须知', '权利信息', '上传资料', '完成'] as const;
export const PROGRESS_STEPS_WITHOUT_RIGHTS_INFO = ['业务须知', '上传资料', '完成'] as const;
/** Text under the current step. */
export const PROGRESS_CURRENT_STEP_TEXT = '进行中';
/** Steps count from 1: fill screens are step 2 (权利信息). */
export const FILL_SCREEN_PROGRESS_STEP = 2;

export type ProgressStepTitle = (typeof PROGRESS_STEPS_WITH_RIGHTS_INFO)[number];

export function progressSteps(withRightsInfo: boolean): readonly ProgressStepTitle[] {
  return withRightsInfo ? PROGRESS_STEPS_WITH_RIGHTS_INFO : PROGRESS_STEPS_WITHOUT_RIGHTS_INFO;
}

/**
 * Upload is step 2 for an appointment-only application and 3 otherwise: an appointment skips the
 * fill screens, so its bar has no 权利信息 step and upload is the second of three.
 */
export function uploadProgressStep(appointment: RoutingCode | null | undefined): 2 | 3 {
  return isAppointmentApplication(appointment) ? 2 : 3;
}

export interface ProgressStepView {
  readonly title: ProgressStepTitle;
  readonly status: 'finish' | 'process' | 'wait';
  readonly description: typeof PROGRESS_CURRENT_STEP_TEXT | '';
}

/** The bar as shown: steps before the current one finished, the current one 进行中, the rest waiting. */
export function progressStepViews(withRightsInfo: boolean, currentStep: number): ProgressStepView[] {
  return progressSteps(withRightsInfo).map((title, index) => {
    const step = index + 1;
    if (step < currentStep) return { title, status: 'finish', description: '' };
    if (step === currentStep) return { title, status: 'process', description: PROGRESS_CURRENT_STEP_TEXT };
    return { title, status: 'wait', description: '' };
  });
}
