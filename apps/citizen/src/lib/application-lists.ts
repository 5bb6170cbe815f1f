import { dataOf, startEarly, takeEarly } from '@hall/app/session';
import { api } from './api';

/** yytype of /prodoing: '0' or '1' narrows the list by appointment; anything else shows all. */
export type AppointmentFilter = '0' | '1' | undefined;

export function appointmentFilter(yytype: string | null): AppointmentFilter {
  return yytype === '0' || yytype === '1' ? yytype : undefined;
}

// The server answers for the session's citizen; openid is the spec's field, sent when known.
const loadApplicationLists = async (openid: string | undefined, yytype: AppointmentFilter) => dataOf(await api.getApplyList({ openid, yytype })).lists;
const listsKey = (yytype: AppointmentFilter) => `application-lists:${yytype ?? ''}`;

/** Starts reading the citizen's applications (getApplyList) as soon as the session exists. */
export function prefetchApplicationLists(yytype: AppointmentFilter): void {
  startEarly(listsKey(yytype), () => loadApplicationLists(undefined, yytype));
}

/** The citizen's applications under the four tabs: the early read once, then fresh reads. */
export function applicationLists(openid: string, yytype: AppointmentFilter) {
  return takeEarly(listsKey(yytype), () => loadApplicationLists(openid, yytype));
}
