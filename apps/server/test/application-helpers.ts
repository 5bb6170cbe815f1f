import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApplicationMaterial } from '@hall/api';
import { applications, users } from '../src/db/schema';
import { DEMO_BUSINESSES } from '../src/seed/apply-catalogue';
import type { TestHall } from './hall';
import { callHall } from './call';
import { contract } from '@hall/api';

export const API = '/online/wx/apilist';
export const SEARCH = '/online/public/search';

/** Signs a citizen in with a complete, real-name verified profile. */
export async function verifiedCitizen(hall: TestHall, openid: string, name = '张三'): Promise<string> {
  const cookie = await hall.login(openid);
  await hall.connection.db.update(users).set({ name, cardnum: '11010519491231002X', phone: '13812341234', realNameAuth: 1 }).where(eq(users.openid, openid));
  return cookie;
}

/** Starts an application of a business (pd-{djlx}-{qllx}) and answers its id. */
export async function startApplication(hall: TestHall, cookie: string, prodefid: string, appointment = '0'): Promise<string> {
  const { status, body } = await callHall(hall, contract.getApplyCode, { reqseq: 'r', prodefid, appointment }, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.proinstid;
}

export async function setStatus(hall: TestHall, id: string, shzt: number): Promise<void> {
  await hall.connection.db
    .update(applications)
    .set({ shzt })
    .where(eq(applications.id, Number(id)));
}

/** A person applicant's save payload (part 2 §3) with a valid ID number ending in a lower-case x. */
export function personPayload(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    sqrxm: '张三',
    zjlx: '1',
    sqrzjh: '11010519491231002x',
    gyfs: '0',
    gyfe: '',
    sqrlxdh: '13812341234',
    sqrlx: '0',
    sqrdz: '乌鲁木齐市天山区一号',
    dlrxm: '',
    dlrzjh: '',
    dlrzjlx: '',
    dlrlxdh: '',
    fddbrxm: '',
    fddbrzjh: '',
    fddbrzjlx: '',
    fddbrdh: '',
    sfcqr: '1',
    ...overrides,
  };
}

/** A company applicant (business licence, type 7): no address needed. */
export function companyPayload(overrides: Record<string, string> = {}): Record<string, string> {
  return personPayload({ sqrxm: '某某银行股份有限公司', zjlx: '7', sqrzjh: '91650100MA0000000X', sqrdz: '', sqrlx: '10', fddbrxm: '王五', fddbrdh: '13912341234', ...overrides });
}

/** Saves an applicant (addPerson); a refusal comes back as sent, for the test to read. */
export async function addPerson(hall: TestHall, cookie: string, proinstid: string, payload: Record<string, string>) {
  return callHall(hall, contract.addPerson, { reqseq: 'r', proinstid, proposerinfo: JSON.stringify(payload) }, cookie);
}

/** A tiny PNG by its signature: enough for the hall's picture check. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);

/** The materials of an application (getUploadType) as its owner reads them. */
export async function materialsOf(hall: TestHall, cookie: string, id: string): Promise<ApplicationMaterial[]> {
  const { body } = await callHall(hall, contract.getUploadType, { slsqId: id, sfhqmx: '0' }, cookie);
  return body.data!.datuminstInfo;
}

/** POSTs a urlencoded form, as the app sends its uploads and the spec's form calls, with a session cookie. */
export async function postForm(hall: TestHall, path: string, fields: Record<string, string>, cookie: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await hall.app.inject({
    method: 'POST',
    url: path,
    payload: new URLSearchParams(fields).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** Uploads a picture (base64, as the app sends it) to a material of the owner's application. */
export async function attachPicture(hall: TestHall, cookie: string, materialId: string): Promise<void> {
  const { status, body } = await postForm(hall, `${API}/savePicFromWXServer`, { datuminstId: materialId, base64: PNG.toString('base64') }, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
}

/** The two citizens of a file's tests, both verified: 张三, who owns what a test makes, and 李四, a stranger to it. */
export async function ownerAndStranger(hall: TestHall, ownerOpenid: string, strangerOpenid: string): Promise<[owner: string, stranger: string]> {
  const owner = await verifiedCitizen(hall, ownerOpenid);
  return [owner, await verifiedCitizen(hall, strangerOpenid, '李四')];
}

/** The business columns of a case written straight to the database: its citizen and its business (the first demo one by default). */
export function caseColumns(openid: string, business: (typeof DEMO_BUSINESSES)[number] = DEMO_BUSINESSES[0]!) {
  return { openid, prodefid: business.id, djlx: business.djlx, qllx: business.qllx, xzqdm: business.xzqdm, areaname: business.areaname };
}
