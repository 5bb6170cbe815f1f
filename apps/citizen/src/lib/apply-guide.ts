import { dataOf, NotFoundError, recordOf, startEarly, takeEarly } from '@hall/app/session';
import { api } from './api';

export const NO_GUIDE = '未找到该业务的办事指南';

async function loadApplyGuide(prodefid: string) {
  if (!prodefid) throw new NotFoundError(NO_GUIDE);
  const reply = await api.initGuide({ prodefid });
  // A failure the hall does not explain means there is no guide; one it explains is shown with a retry.
  if (!reply.errmsg) return recordOf(reply, NO_GUIDE);
  return dataOf(reply);
}

const guideKey = (prodefid: string) => `apply-guide:${prodefid}`;

/** Starts reading a business's guide (initGuide, a public call) while the session bootstrap runs. */
export function prefetchApplyGuide(prodefid: string): void {
  if (prodefid) startEarly(guideKey(prodefid), () => loadApplyGuide(prodefid));
}

/** The guide of /apply?id: the early read once, then fresh reads (重新加载). */
export function applyGuide(prodefid: string) {
  return takeEarly(guideKey(prodefid), () => loadApplyGuide(prodefid));
}
