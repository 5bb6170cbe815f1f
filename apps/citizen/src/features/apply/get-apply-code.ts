import { SessionLostError, isSessionLost, newReqseq } from '@hall/api/browser';
import { api } from '../../lib/api';

/** getApplyCode's reply (spec part 1 §7): errcode, errmsg, data { proinstid, prodefid, slbh }. */
export interface ApplyCodeReply {
  errcode: string;
  errmsg?: string;
  data?: { proinstid: string; prodefid?: string; slbh?: string };
}

export interface ApplyCodeRequest {
  openid: string;
  prodefid: string;
  name: string;
  /** '1' for an appointment-only application, else '0'. */
  appointment: '0' | '1';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

/**
 * Starts an application (getApplyCode, POST /online/wx/apilist/getApplyCode by the contract's
 * rule for actions without a path of their own). Its schema is not in the shared contract yet,
 * so the reply is read field by field here; a lost session goes where the reply says.
 */
export async function getApplyCode(request: ApplyCodeRequest): Promise<ApplyCodeReply> {
  const response = await api.http.post('online/wx/apilist/getApplyCode', { json: { reqseq: newReqseq(), ...request } });
  const body: unknown = await response.json().catch(() => ({}));
  if (isSessionLost(body)) {
    window.location.replace(body.url || '/');
    throw new SessionLostError(body);
  }
  const reply = (body ?? {}) as Record<string, unknown>;
  const data = reply.data && typeof reply.data === 'object' ? (reply.data as Record<string, unknown>) : undefined;
  const proinstid = text(data?.proinstid);
  return {
    errcode: text(reply.errcode) ?? '',
    errmsg: text(reply.errmsg) ?? text(reply.msg),
    data: proinstid ? { proinstid, prodefid: text(data?.prodefid), slbh: text(data?.slbh) } : undefined,
  };
}
