import { dataOf, NotFoundError, recordOf, APPLICATION_NOT_FOUND } from '@hall/app';
import { api } from '../../../lib/api';

/** The citizen's application and its business's titles (field lists and section names), as the fill screens load them. */
export async function loadApplicationWithTitle(openid: string, applicationId: string) {
  if (!applicationId) throw new NotFoundError(APPLICATION_NOT_FOUND);
  const reply = await api.getApply({ openid, slsqId: applicationId });
  // Another citizen's application, or none, answers 查询无数据: shown as not found rather than as a failure.
  const detail = recordOf(reply, APPLICATION_NOT_FOUND);
  const title = dataOf(await api.getApplyTitle({ prodefid: detail.proinst.prodefid }));
  return { detail, title };
}
