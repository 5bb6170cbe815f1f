import { NO_DATA_MESSAGE, stateOk, type ApplicantSignature, type ApplicationDetail, type ApplyTitle, type StatementBundle, type StatementTemplate } from '@hall/api/browser';
import { api } from '../../../lib/api';
import { APPLICATION_NOT_FOUND, dataOf, LOAD_FAILED_TRY_LATER, NotFoundError, recordOf } from '@hall/app';

export interface CaseStatements {
  detail: ApplicationDetail;
  /** The business's titles (getApplyTitle): the person sections' names, as on every fill screen. */
  title: ApplyTitle;
  bundle: StatementBundle;
  signatures: ApplicantSignature[];
  templates: StatementTemplate[];
}

/** A state/msg reply's failure as an Error with the server's words. */
function throwUnlessStateOk(reply: { state: number | boolean; msg?: string | undefined; errmsg?: string | undefined }): void {
  if (stateOk(reply)) return;
  const message = reply.msg || reply.errmsg || LOAD_FAILED_TRY_LATER;
  throw message === NO_DATA_MESSAGE ? new NotFoundError(APPLICATION_NOT_FOUND) : new Error(message);
}

/**
 * What the statement screens read of a case: the application with its applicants (getApply), the business's titles, the
 * house, the saved statements and the signatures (query_sqr_wx), and the statement templates (queryTyp).
 */
export async function loadCaseStatements(openid: string, applicationId: string): Promise<CaseStatements> {
  if (!applicationId) throw new NotFoundError(APPLICATION_NOT_FOUND);
  const reply = await api.getApply({ openid, slsqId: applicationId });
  const detail = recordOf(reply, APPLICATION_NOT_FOUND);
  const [title, saved, templates] = await Promise.all([
    api.getApplyTitle({ prodefid: detail.proinst.prodefid }).then((titleReply) => dataOf(titleReply)),
    api.querySqrWx({ openid, proinstid: applicationId, slsqId: applicationId, queryTyp: '0' }),
    api.queryTyp({ openid, slsqId: applicationId }),
  ]);
  throwUnlessStateOk(saved);
  throwUnlessStateOk(templates);
  const bundle = JSON.parse(saved.fwxx ?? '{}') as Partial<StatementBundle>;
  return {
    detail,
    title,
    bundle: {
      houseInfo: bundle.houseInfo ?? { qzh: '', bdcdyh: '', zl: '' },
      jusInfo: bundle.jusInfo ?? {},
      recordInfo: bundle.recordInfo ?? {},
      changecqzInfo: bundle.changecqzInfo ?? {},
    },
    signatures: saved.qzinfo ?? [],
    templates: templates.data ?? [],
  };
}

/** signData in a route query: the ids of the signed applicants whose signatures the documents show. */
export function signDataOf(signatures: readonly ApplicantSignature[]): string {
  return signatures.map((row) => row.sqrid).join(',');
}
