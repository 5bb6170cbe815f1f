import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { png } from './png';

const API = '/online/wx/apilist';

/** One call as the signed-in citizen (the context's session cookie); answers the reply, failing on anything but success. */
export async function call(request: APIRequestContext, action: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await request.post(`${API}/${action}`, { data: { reqseq: 'e2e', ...data } });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body;
}

/**
 * A filled 700+23 mortgage establishment submitted over the citizen's own session: what the fill screens
 * save (obligor, mortgagee, unit, mortgage rights, pictures), so the operator's view of them can be checked.
 */
export async function submitMortgageOverHttp(request: APIRequestContext): Promise<void> {
  const { data } = await call(request, 'getApplyCode', { prodefid: 'pd-700-23', appointment: '0' });
  const proinstid = (data as { proinstid: string }).proinstid;
  const person = { zjlx: '1', gyfs: '0', gyfe: '', sqrdz: '石河子市北一路1号', sfcqr: '1' };
  await call(request, 'addPerson', { proinstid, proposerinfo: JSON.stringify({ ...person, sqrxm: '郑抵押', sqrzjh: '110101198001010010', sqrlxdh: '13812345678', sqrlx: '1' }) });
  await call(request, 'addPerson', { proinstid, proposerinfo: JSON.stringify({ ...person, sqrxm: '郑权利', sqrzjh: '659001199002020029', sqrlxdh: '13912345678', sqrlx: '0' }) });
  await call(request, 'addReleasteInfo', {
    proinstid,
    fwxxs: [{ bdcdyh: '659001001001GB00001F00030003', zl: '石河子市北三路3号3栋303', fwsyqmj: '88.8', qlqssj: '2026-03-01', qljssj: '2056-03-01' }],
  });
  await call(request, 'addQlxxInfo', { proinstid, savetype: '3', reqData: { zqqssj: '2026-03-01', zqjssj: '2046-03-01', dyfs: '1', bdbzzqse: '80', dbfw: '主债权及利息' } });
  const materials = ((await call(request, 'getUploadType', { slsqId: proinstid, sfhqmx: '0' })).data as { datuminstInfo: { id: string; required: string }[] }).datuminstInfo;
  for (const material of materials.filter((m) => m.required === '是')) {
    const response = await request.post(`${API}/savePicFromWXServer`, { form: { datuminstId: material.id, base64: png([60, 140, 220]).toString('base64') } });
    expect(response.status()).toBe(200);
  }
  await call(request, 'submitApplyProject', { proinstid, appointment: '0' });
}
