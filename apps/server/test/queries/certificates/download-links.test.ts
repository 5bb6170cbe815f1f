import { contract } from '@hall/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_MESSAGES } from '../../../src/routes/queries/certificates/download-links';
import { DOWNLOAD_LINK_LIFETIME_MS, signDownloadLink } from '../../../src/services/queries/records/download-links';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { callHall } from '../../call';
import { testHallForFile, WECHAT_USER_AGENT } from '../../hall';
import { OWNER, citizenWithProfile, queryForm } from '../../query-helpers';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let owner: string;
let stranger: string;
let preview: string;
beforeAll(async () => {
  owner = await citizenWithProfile(hall, 'link-owner', OWNER);
  stranger = await citizenWithProfile(hall, 'link-stranger', { name: '李四', idcard: '130403199001014561' });
  const { body } = await hall.post('/online/query/wx/zsquery', queryForm(), owner);
  const id = (body.data as { ID: string }).ID;
  await resolvePendingRecords(hall.app.hall);
  preview = `/online/public/dzzz/signature/preview?id=${id}`;
});

async function linkFor(cookie: string, path = preview): Promise<string> {
  const { status, body } = await callHall(hall, contract.downloadLink, { PDFurl: path }, cookie);
  expect(status).toBe(200);
  return new URL(body.data!.url).pathname;
}

/** Opens a link as a browser with no cookie at all would. */
const open = (path: string, userAgent = ANDROID_CHROME) => hall.app.inject({ method: 'GET', url: path, headers: { 'user-agent': userAgent } });

describe('download links', () => {
  it('open without a session as an attachment under the document’s Chinese name, the same bytes the viewer shows', async () => {
    const link = await linkFor(owner);
    expect(link).toMatch(/^\/download\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const file = await open(link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const viewed = await hall.app.inject({ method: 'GET', url: preview, headers: { cookie: owner } });
    const name = /filename\*=UTF-8''(.+)$/.exec(String(viewed.headers['content-disposition']))![1]!;
    expect(decodeURIComponent(name)).toMatch(/^不动产权属证明.*\.pdf$/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="download.pdf"; filename*=UTF-8''${name}`);
    expect(file.rawPayload.equals(viewed.rawPayload)).toBe(true);
    // The session made for that one read is gone.
    expect(String(file.headers['set-cookie'] ?? '')).not.toContain('hall_sid');
  });

  it('work once: the second open says so and gives no file', async () => {
    const link = await linkFor(owner);
    expect((await open(link)).statusCode).toBe(200);
    const again = await open(link);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain(DOWNLOAD_LINK_MESSAGES.used);
  });

  it('in WeChat’s own browser say how to open the link outside, without using it up', async () => {
    const link = await linkFor(owner);
    const inWechat = await open(link, WECHAT_USER_AGENT);
    expect(inWechat.statusCode).toBe(200);
    expect(inWechat.body).toContain('在浏览器打开');
    expect((await open(link)).headers['content-type']).toBe('application/pdf');
  });

  it('are refused after 10 minutes', async () => {
    const token = signDownloadLink(hall.app.hall.downloadLinkSecret, 'link-owner', preview, Date.now() - DOWNLOAD_LINK_LIFETIME_MS - 1000);
    const late = await open(`/download/${token}`);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain(DOWNLOAD_LINK_MESSAGES.expired);
  });

  it('refuse any alteration: another citizen, another document, a longer life, or another key', async () => {
    const link = await linkFor(owner);
    const [body, signature] = link.slice('/download/'.length).split('.');
    const fields = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const altered = (change: Record<string, unknown>) => `/download/${Buffer.from(JSON.stringify({ ...fields, ...change })).toString('base64url')}.${signature}`;
    for (const forged of [
      altered({ openid: 'link-stranger' }),
      altered({ path: '/online/public/search/downpdf?path=x' }),
      altered({ expiresAt: Date.now() + 24 * 60 * 60 * 1000 }),
      `/download/${signDownloadLink('not-the-halls-key', 'link-owner', preview)}`,
      `/download/${body}`,
      '/download/nothing',
    ]) {
      const answer = await open(forged);
      expect(answer.statusCode, forged).toBe(400);
      expect(answer.body).toContain(DOWNLOAD_LINK_MESSAGES.forged);
    }
  });

  it('are bound to the citizen: a link asked for another’s document gives no file', async () => {
    const link = await linkFor(stranger);
    const answer = await open(link);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain(DOWNLOAD_LINK_MESSAGES.missing);
  });

  it('name only the hall’s document routes, and need a session to ask for', async () => {
    for (const path of ['/wechat/api/wechatuser/refreshuser', 'https://evil.example/online/public/dzzz/signature/preview?id=1', '//evil.example/x']) {
      const { status, body } = await callHall(hall, contract.downloadLink, { PDFurl: path }, owner);
      expect(status).toBe(400);
      expect(body.msg).toBe(DOWNLOAD_LINK_MESSAGES.notDocument);
    }
    expect((await callHall(hall, contract.downloadLink, { PDFurl: preview })).body.status).toBe(-1);
  });
});
