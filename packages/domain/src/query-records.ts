/**
 * States of the self-service query records: certificate and electronic-licence queries,
 * signature verifications, archive-query (records certificate) requests, the registration
 * property query, and feedback (spec part 1 §4, part 3 §2.8 and §4).
 */
import { citizenPaths } from './citizen-paths';
import { routeHref, type RouteTarget } from './routing';

/** A record's state as it arrives: 0 or 10 in progress, 20 found, 21 not found. */
export type QueryRecordState = number | string;

function normalize(value: number | string | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

export const QUERY_STATE_FOUND = '20';
export const QUERY_STATE_NOT_FOUND = '21';

/** The label of each state in the certificate, licence and verification record lists. */
export const QUERY_RECORD_STATE_TEXTS: Readonly<Record<string, string>> = {
  '0': '查询中',
  '10': '查询中',
  '20': '查看',
  '21': '未查到',
};
/** Any other state: the registry has not answered yet. */
export const QUERY_RECORD_DEFAULT_STATE_TEXT = '查询中';

export function queryRecordStateText(state: QueryRecordState | null | undefined): string {
  return QUERY_RECORD_STATE_TEXTS[normalize(state)] ?? QUERY_RECORD_DEFAULT_STATE_TEXT;
}

/** 查看 is highlighted: the record has a document to open. */
export function isQueryRecordHighlighted(state: QueryRecordState | null | undefined): boolean {
  return normalize(state) === QUERY_STATE_FOUND;
}

/** The record lists: certificate query (/record), electronic licence (/dzzzrecord), verification (/dzzzverificationrecord). */
export type QueryRecordKind = 'certificate' | 'licence' | 'verification';

/** Which states open a record, per list: query results only once found; a verification always has its file. */
export const QUERY_RECORD_CLICK_RULES: Readonly<Record<QueryRecordKind, (state: string) => boolean>> = {
  certificate: (state) => state === QUERY_STATE_FOUND,
  licence: (state) => state === QUERY_STATE_FOUND,
  verification: () => true,
};

export function isQueryRecordClickable(kind: QueryRecordKind, state: QueryRecordState | null | undefined): boolean {
  return QUERY_RECORD_CLICK_RULES[kind](normalize(state));
}

// ---------------------------------------------------------------------------------------------
// Archive-query (records certificate, 查档证明) requests

const ARCHIVE_RETURNED_STATES: readonly string[] = [QUERY_STATE_FOUND, QUERY_STATE_NOT_FOUND];

/** 20 or 21: the registry has returned the request, found or not. */
export function isArchiveRecordReturned(state: QueryRecordState | null | undefined): boolean {
  return ARCHIVE_RETURNED_STATES.includes(normalize(state));
}

/** 已返回 for 20 and 21, else 未返回. */
export function archiveRecordStatusText(state: QueryRecordState | null | undefined): '已返回' | '未返回' {
  return isArchiveRecordReturned(state) ? '已返回' : '未返回';
}

/** The detail opens only for a returned request (20 or 21). */
export function canOpenArchiveDetail(state: QueryRecordState | null | undefined): boolean {
  return isArchiveRecordReturned(state);
}

/** The archive certificate page by the user's district code: 140200 has its own page. */
export const ARCHIVE_DETAIL_ROUTES: Readonly<Record<string, string>> = {
  '140200': citizenPaths.catchCertYhxz,
};
export const ARCHIVE_DETAIL_DEFAULT_ROUTE: string = citizenPaths.catchCertNew;

export function archiveDetailRoute(district: string | number | null | undefined): string {
  return ARCHIVE_DETAIL_ROUTES[normalize(district)] ?? ARCHIVE_DETAIL_DEFAULT_ROUTE;
}

/** The archive certificate page with its query: certId, openid. */
export function archiveDetailTarget(district: string | number | null | undefined, certId: string, openid: string): RouteTarget {
  return { path: archiveDetailRoute(district), query: { certId, openid } };
}

export function archiveDetailHref(district: string | number | null | undefined, certId: string, openid: string): string {
  return routeHref(archiveDetailTarget(district, certId, openid));
}

// ---------------------------------------------------------------------------------------------
// Registration property query and feedback

/** The property query for a registration succeeded only at 20; any other state is still running, retry. */
export function isPropertyQuerySuccessful(state: QueryRecordState | null | undefined): boolean {
  return normalize(state) === QUERY_STATE_FOUND;
}

export type FeedbackStatus = 'waiting' | 'replied';

/** Feedback status 0 waits for a reply; any other value has been replied to. */
export function feedbackStatus(status: number | string | null | undefined): FeedbackStatus {
  return normalize(status) === '0' ? 'waiting' : 'replied';
}
