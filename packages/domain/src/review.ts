/**
 * Review status (shzt) of an online application: the list's tabs and actions, what may be
 * submitted or deleted, the rejection opinion, and the back office's two review stages
 * (spec part 2 §2–§4 and §6, part 3 §2.4 and §7, docs/architecture.md §7).
 */
import { TAX_BUREAU_DISTRICT } from './enums';
import { routeHref } from './routing';

/** Review status (shzt): -1 not submitted; 0 pending; 10, 20, 30 passed; 11, 21 rejected. */
export const REVIEW_STATUS_VALUES = [-1, 0, 10, 11, 20, 21, 30] as const;
export type ReviewStatus = (typeof REVIEW_STATUS_VALUES)[number];
/** A status as it arrives: a number from the server, a string from a query or older rows. */
export type ReviewStatusInput = number | string;

/** The review statuses (shzt) by name, for code that stores or compares one. */
export const REVIEW_STATUS = {
  notSubmitted: -1,
  pending: 0,
  surveyPassed: 10,
  surveyRejected: 11,
  accepted: 20,
  acceptanceRejected: 21,
  /** Listed under passed, like 10 and 20 (part 2 §2). */
  passed: 30,
} as const satisfies Readonly<Record<string, ReviewStatus>>;

function normalize(value: number | string | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

// ---------------------------------------------------------------------------------------------
// Tabs of the application list /prodoing

export type ReviewTab = 'notSubmitted' | 'pending' | 'passed' | 'rejected';

export interface ReviewTabInfo {
  readonly tab: ReviewTab;
  /** Tab position, as in the list's itemIndex query. */
  readonly index: 0 | 1 | 2 | 3;
  /** Tab title. */
  readonly label: string;
  /** The status that stands for the tab (the "tab status" of the submit rule). */
  readonly status: ReviewStatus;
}

/** The four tabs, in display order. */
export const REVIEW_TABS: readonly ReviewTabInfo[] = [
  { tab: 'notSubmitted', index: 0, label: '未提交', status: -1 },
  { tab: 'pending', index: 1, label: '待审核', status: 0 },
  { tab: 'passed', index: 2, label: '审核通过', status: 10 },
  { tab: 'rejected', index: 3, label: '已驳回', status: 11 },
];

/** The tab each status is listed under. */
export const REVIEW_STATUS_TABS: Readonly<Record<string, ReviewTab>> = {
  '-1': 'notSubmitted',
  '0': 'pending',
  '10': 'passed',
  '20': 'passed',
  '30': 'passed',
  '11': 'rejected',
  '21': 'rejected',
};

/** The tab of a status; null for a status the hall does not know, so it is listed nowhere rather than with wrong actions. */
export function reviewTabOf(shzt: ReviewStatusInput | null | undefined): ReviewTab | null {
  return REVIEW_STATUS_TABS[normalize(shzt)] ?? null;
}

export function reviewTabInfo(tab: ReviewTab): ReviewTabInfo {
  return REVIEW_TABS.find((info) => info.tab === tab)!;
}

/** The tab label of a status (e.g. 审核通过 for 20), empty for an unknown status. */
export function reviewStatusLabel(shzt: ReviewStatusInput | null | undefined): string {
  const tab = reviewTabOf(shzt);
  return tab === null ? '' : reviewTabInfo(tab).label;
}

/** The tab an itemIndex query selects; anything that is not 0–3 selects the first tab. */
export function reviewTabFromItemIndex(itemIndex: string | number | null | undefined): ReviewTab {
  const text = normalize(itemIndex);
  return REVIEW_TABS.find((info) => String(info.index) === text)?.tab ?? 'notSubmitted';
}

// ---------------------------------------------------------------------------------------------
// Submit and delete

/** Statuses under review or passed: the detail page offers no Submit for them. */
export const REVIEW_NOT_SUBMITTABLE_STATUSES: readonly ReviewStatus[] = [0, 10, 20, 30];

/** A detail page is submittable unless shzt is 0, 10, 20 or 30. */
export function isSubmittableOnDetail(shzt: ReviewStatusInput | null | undefined): boolean {
  const text = normalize(shzt);
  return !REVIEW_NOT_SUBMITTABLE_STATUSES.some((status) => String(status) === text);
}

/** From the list, submittable only when the tab's status is not 0 or 10: the not-submitted and rejected tabs. */
export function isSubmittableFromList(tab: ReviewTab): boolean {
  const { status } = reviewTabInfo(tab);
  return status !== 0 && status !== 10;
}

/** Delete is offered only for unsubmitted or rejected applications. */
export function isDeletableApplication(shzt: ReviewStatusInput | null | undefined): boolean {
  const tab = reviewTabOf(shzt);
  return tab === 'notSubmitted' || tab === 'rejected';
}

/** What a status forbids: changing the application's information, deleting it, or submitting it. */
export type StatusRefusedAction = 'edit' | 'delete' | 'submit';

/** What each refusal tells the citizen may be done instead. */
export const STATUS_REFUSAL_RULES: Readonly<Record<StatusRefusedAction, string>> = {
  edit: '只能修改未提交或已驳回的申请',
  delete: '只能删除未提交或已驳回的申请',
  submit: '不能提交',
};

export const ALREADY_SUBMITTED = '该申请已提交，请勿重复提交';

/**
 * Why an application at `shzt` refuses an action: its status, when the hall knows it, then the rule
 * (当前申请状态为「待审核」，只能修改未提交或已驳回的申请). A pending application asked to be
 * submitted again is told it already was.
 */
export function statusRefusal(action: StatusRefusedAction, shzt: ReviewStatusInput): string {
  if (action === 'submit' && normalize(shzt) === String(REVIEW_STATUS.pending)) return ALREADY_SUBMITTED;
  const label = reviewStatusLabel(shzt);
  return `${label ? `当前申请状态为「${label}」，` : ''}${STATUS_REFUSAL_RULES[action]}`;
}

// ---------------------------------------------------------------------------------------------
// List actions

export type ReviewActionKind = 'book' | 'viewBookingSlip' | 'viewDetails' | 'viewEdit' | 'delete' | 'withdraw' | 'goToTaxBureau' | 'cancel';

/** Labels of the action sheet. */
export const REVIEW_ACTION_LABELS: Readonly<Record<ReviewActionKind, string>> = {
  book: '点击预约',
  viewBookingSlip: '查看预约单',
  viewDetails: '查看详情',
  viewEdit: '查看/编辑',
  delete: '删除',
  withdraw: '撤回',
  goToTaxBureau: '前往税务局',
  cancel: '取消',
};

/** The actions a tab itself offers. */
export type ReviewTabActionKind = 'viewDetails' | 'viewEdit' | 'delete' | 'withdraw' | 'goToTaxBureau';

/**
 * What each tab offers between the booking action and Cancel, in the sheet's order
 * (View details, View/Edit, Delete, Withdraw, Go to tax bureau). Withdraw exists but no tab shows it.
 */
export const REVIEW_TAB_ACTIONS: Readonly<Record<ReviewTab, readonly ReviewTabActionKind[]>> = {
  notSubmitted: ['viewEdit', 'delete'],
  pending: ['viewDetails'],
  passed: ['viewDetails', 'goToTaxBureau'],
  rejected: ['viewEdit', 'delete'],
};

export type ReviewListAction =
  | { readonly kind: 'book' | 'viewBookingSlip'; readonly label: string; readonly href: string }
  | { readonly kind: 'goToTaxBureau'; readonly label: string; readonly idNumber: string }
  | { readonly kind: 'viewDetails' | 'viewEdit' | 'delete' | 'withdraw' | 'cancel'; readonly label: string };

/** Booking action by kyy: 1 bookable, 2 booking slip viewable. */
export const REVIEW_BOOKING_ACTIONS: Readonly<Record<string, { readonly kind: 'book' | 'viewBookingSlip'; readonly href: (item: ReviewBookingItem) => string }>> = {
  '1': { kind: 'book', href: (item) => routeHref({ path: '/online/wx/appoint/index', query: { proinstid: item.applicationId } }) },
  '2': {
    kind: 'viewBookingSlip',
    href: (item) => routeHref({ path: '/online/public/appointment/showcard', query: { wlsh: item.applicationNumber ?? '' } }),
  },
};

export interface ReviewBookingItem {
  /** Application id (id, proinstid). */
  readonly applicationId: string;
  /** Application number (prolsh), carried as wlsh. */
  readonly applicationNumber?: string | null | undefined;
  /** Booking flag (kyy): 1 bookable, 2 slip viewable, otherwise none. */
  readonly kyy?: number | string | null | undefined;
}

/** The booking action of an item, or null when kyy is neither 1 nor 2. */
export function reviewBookingAction(item: ReviewBookingItem): ReviewListAction | null {
  const row = REVIEW_BOOKING_ACTIONS[normalize(item.kyy)];
  if (row === undefined) return null;
  return { kind: row.kind, label: REVIEW_ACTION_LABELS[row.kind], href: row.href(item) };
}

export interface ReviewListItem extends ReviewBookingItem {
  readonly shzt: ReviewStatusInput;
  /** District code of the application (xzqdm). */
  readonly district?: string | number | null | undefined;
}

/**
 * The action sheet of a list item, in the sheet's order: booking by kyy, the tab's actions
 * (the tax bureau only in district 630100, carrying the user's ID number), Cancel last.
 */
export function reviewListActions(item: ReviewListItem, userIdNumber: string): ReviewListAction[] {
  const tab = reviewTabOf(item.shzt);
  const actions: ReviewListAction[] = [];
  const booking = reviewBookingAction(item);
  if (booking !== null) actions.push(booking);
  for (const kind of tab === null ? [] : REVIEW_TAB_ACTIONS[tab]) {
    if (kind !== 'goToTaxBureau') actions.push({ kind, label: REVIEW_ACTION_LABELS[kind] });
    else if (normalize(item.district) === TAX_BUREAU_DISTRICT) actions.push({ kind, label: REVIEW_ACTION_LABELS[kind], idNumber: userIdNumber });
  }
  actions.push({ kind: 'cancel', label: REVIEW_ACTION_LABELS.cancel });
  return actions;
}

// ---------------------------------------------------------------------------------------------
// Rejection opinion and application number

/** Review opinions (pro_slxmsh): sh_qjdc_yj of the cadastral-survey review, sh_xmsl_yj of the acceptance review. */
export interface ReviewOpinions {
  readonly sh_qjdc_yj?: string | null | undefined;
  readonly sh_xmsl_yj?: string | null | undefined;
}

export const REVIEW_OPINION_PLACEHOLDER = '暂无';

/**
 * The rejection opinion shown on the list. The stage that rejected speaks first: 11 reads
 * sh_qjdc_yj, 21 reads sh_xmsl_yj. Otherwise, or when that one is empty, the later stage's
 * sh_xmsl_yj comes before sh_qjdc_yj, as a case that reached acceptance already passed the survey.
 * 暂无 when neither is present.
 */
export function rejectionOpinionText(opinions: ReviewOpinions | null | undefined, shzt?: ReviewStatusInput | null): string {
  const order: readonly (keyof ReviewOpinions)[] = normalize(shzt) === '11' ? ['sh_qjdc_yj', 'sh_xmsl_yj'] : ['sh_xmsl_yj', 'sh_qjdc_yj'];
  for (const field of order) {
    const text = opinions?.[field]?.trim();
    if (text) return text;
  }
  return REVIEW_OPINION_PLACEHOLDER;
}

/** The opinion line collapses when its length plus 4 (the label) exceeds what fits: pageWidth / 12 characters. */
export function isRejectionOpinionCollapsed(opinion: string, pageWidth: number): boolean {
  return opinion.length + 4 > pageWidth / 12;
}

export const APPLICATION_NUMBER_PLACEHOLDER = '暂未生成';

/** The application number (prolsh), or 暂未生成 before the hall has created one. */
export function applicationNumberText(prolsh: string | null | undefined): string {
  const text = prolsh?.trim();
  return text ? text : APPLICATION_NUMBER_PLACEHOLDER;
}

// ---------------------------------------------------------------------------------------------
// Back-office review stages (docs/architecture.md §7)

/** The stages in the order an application passes them: 地籍调查 (cadastral survey), then 受理 (acceptance). */
export const REVIEW_STAGES = ['cadastralSurvey', 'acceptance'] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];
/** What a reviewer decides at a stage. */
export const REVIEW_DECISIONS = ['pass', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_STAGE_LABELS: Readonly<Record<ReviewStage, string>> = {
  cadastralSurvey: '权籍调查审核',
  acceptance: '受理审核',
};

export interface ReviewTransition {
  readonly from: ReviewStatus;
  readonly decision: ReviewDecision;
  readonly to: ReviewStatus;
  readonly stage: ReviewStage;
  /** Where the stage's opinion is kept, a pass's (权籍调查无异议) as a rejection's. */
  readonly opinionField: keyof ReviewOpinions;
  /** A rejection must say why: the citizen sees the opinion and must know what to fix. */
  readonly opinionRequired: boolean;
  /** Acceptance creates the case number. */
  readonly createsCaseNumber: boolean;
}

/** The only transitions the back office may make. */
export const REVIEW_TRANSITIONS: readonly ReviewTransition[] = [
  { from: 0, decision: 'pass', to: 10, stage: 'cadastralSurvey', opinionField: 'sh_qjdc_yj', opinionRequired: false, createsCaseNumber: false },
  { from: 0, decision: 'reject', to: 11, stage: 'cadastralSurvey', opinionField: 'sh_qjdc_yj', opinionRequired: true, createsCaseNumber: false },
  { from: 10, decision: 'pass', to: 20, stage: 'acceptance', opinionField: 'sh_xmsl_yj', opinionRequired: false, createsCaseNumber: true },
  { from: 10, decision: 'reject', to: 21, stage: 'acceptance', opinionField: 'sh_xmsl_yj', opinionRequired: true, createsCaseNumber: false },
];

/** The status an application waits at for a stage: 0 for the cadastral survey, 10 for acceptance. */
export function reviewStageStatus(stage: ReviewStage): ReviewStatus {
  return REVIEW_TRANSITIONS.find((transition) => transition.stage === stage)!.from;
}

/** The stage an application at `shzt` waits at, or null once decided (or before submission). */
export function reviewStageOf(shzt: ReviewStatusInput): ReviewStage | null {
  return REVIEW_TRANSITIONS.find((transition) => String(transition.from) === String(shzt))?.stage ?? null;
}

export type ReviewTransitionResult =
  | {
      readonly ok: true;
      readonly transition: ReviewTransition;
      /** The opinion to store in its stage's field: always on a rejection, on a pass when one was written. */
      readonly opinion?: { readonly field: keyof ReviewOpinions; readonly text: string };
    }
  | { readonly ok: false; readonly reason: 'notUnderReview' | 'opinionRequired' };

/**
 * A back-office decision on an application at status `from`. Only 0 and 10 are under review;
 * a rejection must say why, since the citizen sees the opinion and must know what to fix; a pass
 * may carry an opinion too (材料齐全，予以受理), kept like a rejection's.
 */
export function reviewTransition(from: ReviewStatusInput, decision: ReviewDecision, opinion?: string | null): ReviewTransitionResult {
  const status = normalize(from);
  const transition = REVIEW_TRANSITIONS.find((row) => String(row.from) === status && row.decision === decision);
  if (transition === undefined) return { ok: false, reason: 'notUnderReview' };
  const text = opinion?.trim();
  if (!text) return transition.opinionRequired ? { ok: false, reason: 'opinionRequired' } : { ok: true, transition };
  return { ok: true, transition, opinion: { field: transition.opinionField, text } };
}

/**
 * The booking flag (kyy) of a case the hall has just accepted: it may now be booked for a counter
 * visit ('1', 点击预约), unless a booking exists already ('2' keeps its slip).
 */
export function bookingFlagAfterAcceptance(kyy: string | null | undefined): '1' | '2' {
  return normalize(kyy) === '2' ? '2' : '1';
}
