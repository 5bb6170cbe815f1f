import { detailRoute, type RoutingCode } from '@hall/domain';
import { citizenPaths, getHref } from '@hall/domain/internal';
import type { CitizenNotice } from './events';

/**
 * The notice of each event, from the rows the writers already hold: the text a citizen reads, and the
 * page it opens. Only the citizen's own thing is named (an acceptance number, a date), never their ID number.
 */

interface ApplicationFacts {
  id: number;
  openid: string;
  djlx: string;
  qllx: string;
  prolsh: string | null;
}

function applicationLink(application: ApplicationFacts): string {
  return getHref(detailRoute(application.djlx as RoutingCode, application.qllx as RoutingCode), { id: application.id });
}

export function applicationSubmittedNotice(application: ApplicationFacts): CitizenNotice {
  return {
    openid: application.openid,
    event: 'submitted',
    // A rejected application submitted again is a new submission: its own message.
    subject: `application:${application.id}:${Date.now()}`,
    body: `您的申请已提交，申请编号${application.prolsh ?? ''}，请等待审核。`,
    link: applicationLink(application),
  };
}

/** A review decision: survey passed or rejected (with the opinion), accepted (with the case number) or rejected. */
export function reviewDecidedNotice(application: ApplicationFacts, stage: 'cadastralSurvey' | 'acceptance', decision: 'pass' | 'reject', opinion: string): CitizenNotice {
  const number = application.prolsh ?? '';
  const event = stage === 'cadastralSurvey' ? (decision === 'pass' ? 'surveyPassed' : 'surveyRejected') : decision === 'pass' ? 'accepted' : 'acceptanceRejected';
  const opinionText = opinion ? `审核意见：${opinion}` : '';
  const bodies = {
    surveyPassed: `您的申请（申请编号${number}）已通过权籍调查审核，请等待受理审核。${opinionText}`,
    surveyRejected: `您的申请（申请编号${number}）未通过权籍调查审核。${opinionText}`,
    accepted: `您的申请（申请编号${number}）已受理，可凭此编号查询办理进度、预约到窗口办理。${opinionText}`,
    acceptanceRejected: `您的申请（申请编号${number}）不予受理。${opinionText}`,
  } as const;
  return { openid: application.openid, event, subject: `application:${application.id}:${stage}:${Date.now()}`, body: bodies[event], link: applicationLink(application) };
}

export function feedbackRepliedNotice(feedback: { id: number; openid: string; reply: string }): CitizenNotice {
  return {
    openid: feedback.openid,
    event: 'feedbackReplied',
    subject: `feedback:${feedback.id}`,
    body: `您的反馈已收到回复：${feedback.reply}`,
    link: getHref(citizenPaths.feedBackDetail, { id: feedback.id }),
  };
}

const QUERY_KIND_NAMES: Readonly<Record<string, string>> = { zs: '不动产权证书查询', dzzz: '电子证照查询', verify: '签章验证', archive: '档案查询' };
const QUERY_RECORD_PAGES: Readonly<Record<string, string>> = { zs: citizenPaths.record, dzzz: citizenPaths.dzzzrecord, verify: citizenPaths.dzzzverificationrecord, archive: citizenPaths.record };

/** A query answered: found (查看) or nothing found (未查到). */
export function queryAnsweredNotice(record: { id: number; openid: string; kind: string }, found: boolean): CitizenNotice {
  const name = QUERY_KIND_NAMES[record.kind] ?? '查询';
  return {
    openid: record.openid,
    event: 'queryAnswered',
    subject: `query:${record.id}`,
    body: found ? `您的${name}已有结果，请在查询记录中查看。` : `您的${name}未查到相关信息。`,
    link: QUERY_RECORD_PAGES[record.kind] ?? citizenPaths.record,
  };
}

/** A booking of either page, as its messages name it: the online appointment's case number, the counter booking's own number. */
export interface BookingFacts {
  kind: 'order' | 'counter';
  /** The row's id in appointment_orders or counter_bookings. */
  id: string | number;
  openid: string;
  /** 申请编号 (an online appointment's case) or 预约号 CB… (a counter booking). */
  number: string;
  date: string;
  timeName: string;
  areaName: string;
}

/** The same booking is one subject whatever its event; the two pages' ids are apart. */
const bookingSubject = (booking: BookingFacts) => (booking.kind === 'order' ? `booking:${booking.id}` : `counter-booking:${booking.id}`);
const numberText = (booking: BookingFacts) => (booking.kind === 'order' ? `申请编号${booking.number}` : `预约号${booking.number}`);
/** The booking's own page (its slip), where it is read, moved or cancelled. */
const bookingPage = (booking: BookingFacts) => (booking.kind === 'order' ? getHref(citizenPaths.yuyueDetail, { orderid: booking.id }) : getHref(citizenPaths.apmorder, { id: booking.id }));
/** The citizen's list of bookings of that page: a cancelled booking is gone, a new one is made from here. */
const bookingRecords = (booking: BookingFacts) => (booking.kind === 'order' ? citizenPaths.yuyueRecord : citizenPaths.apmrecord);

export function bookingConfirmedNotice(booking: BookingFacts): CitizenNotice {
  return {
    openid: booking.openid,
    event: 'bookingConfirmed',
    subject: bookingSubject(booking),
    body: `您已成功预约${booking.date} ${booking.timeName}到${booking.areaName}办理业务（${numberText(booking)}），请按时前往。`,
    link: bookingPage(booking),
  };
}

/**
 * A booking the hall cancelled (a day closed, a slot removed), with the operator's reason: the place
 * is free again, and the page lists the citizen's bookings, from which a new one is made.
 */
export function bookingCancelledNotice(booking: BookingFacts, reason: string): CitizenNotice {
  const because = reason.replace(/^因/, '');
  return {
    openid: booking.openid,
    event: 'bookingCancelled',
    subject: bookingSubject(booking),
    body: `因${because}，您预约的${booking.date} ${booking.timeName}到${booking.areaName}办理业务（${numberText(booking)}）已由大厅取消，请重新预约其他时间，给您带来不便敬请谅解。`,
    link: bookingRecords(booking),
  };
}

/**
 * A booking the hall moved (a day closed, a slot's hours changed) to another date or slot of the same
 * site and business, with the operator's reason: the link opens the booking itself, where the citizen
 * may still move it again or cancel it. Each move is its own message.
 */
export function bookingMovedNotice(booking: BookingFacts, to: { date: string; timeName: string }, reason: string): CitizenNotice {
  const because = reason.replace(/^因/, '');
  return {
    openid: booking.openid,
    event: 'bookingMoved',
    subject: `${bookingSubject(booking)}:${booking.date} ${booking.timeName}:${to.date} ${to.timeName}`,
    body: `因${because}，您预约的${booking.date} ${booking.timeName}到${booking.areaName}办理业务（${numberText(booking)}）已由大厅改至${to.date} ${to.timeName}，请按时前往；如新时间不便，可在预约记录中改约或取消，给您带来不便敬请谅解。`,
    link: bookingPage(booking),
  };
}

/** The day before a booking: one reminder per booking and date (a booking moved to another day is reminded of that day). */
export function bookingReminderNotice(booking: BookingFacts): CitizenNotice {
  return {
    openid: booking.openid,
    event: 'bookingReminder',
    subject: `${bookingSubject(booking)}:${booking.date}`,
    body: `您预约了明天（${booking.date}）${booking.timeName}到${booking.areaName}办理业务（${numberText(booking)}），请带好身份证件和材料按时前往；如不能前往，请在预约记录中取消。`,
    link: bookingPage(booking),
  };
}

/** The operator's answer to the follow-up (整改) of a low rating: it opens the rating page, where the citizen may rate again. */
export function followUpAnsweredNotice(rating: { id: number; openid: string; serviceKind: string; serviceId: string; serviceTitle: string }, answer: string): CitizenNotice {
  return {
    openid: rating.openid,
    event: 'followUpAnswered',
    subject: `rating:${rating.id}`,
    body: `您对“${rating.serviceTitle}”的评价已收到整改答复：${answer}。欢迎您再次评价。`,
    link: getHref(citizenPaths.rate, { kind: rating.serviceKind, id: rating.serviceId }),
  };
}

/** A number called (or called again) to a window: each call is its own message. */
export function queueCalledNotice(order: { id: number; openid: string; number: string; window: number; calledAt: Date }): CitizenNotice {
  return {
    openid: order.openid,
    event: 'queueCalled',
    subject: `queue:${order.id}:${order.calledAt.getTime()}`,
    body: `请${order.number}号到${order.window}号窗口办理业务。`,
    link: citizenPaths.queueOrders,
  };
}
