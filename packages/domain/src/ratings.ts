import type { OperatorRole } from './operators';
import { REVIEW_STATUS } from './review';

/**
 * 好差评: the citizen's rating of a finished service (issue 37 point 5). Five grades, a comment of at
 * most 200 characters, and for the two lowest the reasons to tick; a low rating opens a follow-up
 * (整改) for the role that gave the service.
 */

/** The grades, best first, by the number the hall stores (5 best … 1 worst). */
export const RATING_GRADES = [
  { grade: 5, label: '非常满意' },
  { grade: 4, label: '满意' },
  { grade: 3, label: '基本满意' },
  { grade: 2, label: '不满意' },
  { grade: 1, label: '非常不满意' },
] as const;

export type RatingGrade = (typeof RATING_GRADES)[number]['grade'];

export function ratingGradeLabel(grade: number): string {
  return RATING_GRADES.find((g) => g.grade === grade)?.label ?? '';
}

/** 不满意 and 非常不满意: the citizen ticks reasons, and the hall opens a follow-up. */
export function isLowRating(grade: number): boolean {
  return grade <= 2;
}

/** The reasons a low rating may tick (at least one is required for a low rating). */
export const RATING_REASONS = ['办理时间过长', '服务态度不好', '办事指引不清楚', '需要多次跑动', '材料要求不合理', '系统操作不便', '其他'] as const;

export const RATING_COMMENT_MAX_LENGTH = 200;

/** The services a citizen may rate, and the console role that gave each. */
export const RATED_SERVICES = {
  application: { title: '网上申请', role: 'reviewer' },
  query: { title: '查询', role: 'counter' },
  booking: { title: '预约办理', role: 'counter' },
  queue: { title: '排队取号', role: 'counter' },
  feedback: { title: '意见反馈', role: 'counter' },
} as const satisfies Record<string, { title: string; role: OperatorRole }>;

export type RatedServiceKind = keyof typeof RATED_SERVICES;
export const RATED_SERVICE_KINDS = Object.keys(RATED_SERVICES) as RatedServiceKind[];

/** The words where a finished service is shown: 去评价 while never rated, 已评价 once rated (再次评价 after a follow-up's answer). */
export const RATING_ENTRY_LABELS = { rate: '去评价', rated: '已评价', rateAgain: '再次评价', view: '查看评价' } as const;

/** How many services one list may ask the rating state of at once (a page of the citizen's own records). */
export const RATING_STATES_MAX = 50;

/** A follow-up's state as the console and the citizen see it. */
export const FOLLOW_UP_STATES = { open: '待整改', answered: '已答复' } as const;

/** The rating's messages, quoted by the server and the apps alike. */
export const RATING_MESSAGES = {
  saved: '感谢您的评价',
  notYours: '该服务不存在或不属于您，无法评价',
  notFinished: '该服务尚未办结，办结后才能评价',
  alreadyRated: '您已评价过该服务，每项服务只能评价一次',
  rateAgainNotYet: '整改答复前不能再次评价，请等待工作人员答复',
  gradeRequired: '请选择评价等级',
  reasonsRequired: '请勾选不满意的原因',
  reasonsOnlyForLow: '只有“不满意”和“非常不满意”需要勾选原因',
  commentTooLong: `评价内容不能超过${RATING_COMMENT_MAX_LENGTH}个字`,
  answerRequired: '请填写整改答复',
  followUpAnswered: '该整改已答复，不能重复答复',
  followUpNotFound: '整改不存在或不属于您的岗位',
} as const;

/** The date `days` working days after `from` (YYYY-MM-DD), counting only the days `isWorkingDay` says are open. */
export function addWorkingDays(from: string, days: number, isWorkingDay: (date: string) => boolean): string {
  const at = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (isWorkingDay(at.toISOString().slice(0, 10))) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}

/** An application the review has decided (rejected at either stage, accepted, passed): one its citizen may rate. */
export function isDecidedApplication(shzt: number | string): boolean {
  const decided: readonly number[] = [REVIEW_STATUS.surveyRejected, REVIEW_STATUS.accepted, REVIEW_STATUS.acceptanceRejected, REVIEW_STATUS.passed];
  return decided.includes(Number(shzt));
}
