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

export function bookingConfirmedNotice(order: { id: string; openid: string; wlsh: string; date: string; timeName: string; areaName: string }): CitizenNotice {
  return {
    openid: order.openid,
    event: 'bookingConfirmed',
    subject: `booking:${order.id}`,
    body: `您已成功预约${order.date} ${order.timeName}到${order.areaName}办理业务（申请编号${order.wlsh}），请按时前往。`,
    link: citizenPaths.yuyueRecord,
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
