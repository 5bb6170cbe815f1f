import { beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import type { ApplicationListTab, ApplicationSummary } from '@hall/api';
import { applications } from '../../src/db/schema';
import { API, caseColumns } from '../application-helpers';
import { otherClientForFile, testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

// A citizen's application list asked for again and again: it was once kept by the process while its
// rows were unchanged, and is now made afresh each time (docs/decisions/012-one-caching-scheme.md); either
// way each change must show at the next ask. The changes here are made by a client of their own, as
// another server process or an administrator's statement would make them: nothing in this process is told.

const hall = testHallForFile();
const other = otherClientForFile(hall);
let owner = '';
let neighbour = '';
const ids: number[] = [];

beforeAll(async () => {
  owner = await hall.quickCitizen('list-kept-owner', { name: '孙八' });
  neighbour = await hall.quickCitizen('list-kept-neighbour');
  const rows = await hall.connection.db
    .insert(applications)
    .values(
      Array.from({ length: 3 }, (_, n) => ({
        ...caseColumns('list-kept-owner'),
        name: `我的申请${n + 1}`,
        slbh: `SLLIST-${n}`,
        shzt: n === 0 ? 0 : -1,
        createdAt: new Date(Date.UTC(2026, 10, 20, n)),
        submittedAt: n === 0 ? new Date(Date.UTC(2026, 10, 21)) : null,
      })),
    )
    .returning({ id: applications.id });
  ids.push(...rows.map((row) => row.id));
});

const ask = async (body: Record<string, unknown> = {}, cookie = owner) => {
  const { status, body: reply } = await callHall(hall, contract.getApplyList, { reqseq: 'k', ...body }, cookie);
  expect(status, JSON.stringify(reply)).toBe(200);
  return reply.data!.lists;
};
const item = (lists: ApplicationListTab[], id: number): (ApplicationSummary & { tab: string }) | undefined =>
  lists.flatMap((tab) => tab.items.map((entry) => ({ ...entry, tab: tab.tab }))).find((entry) => entry.id === String(id));
const names = (lists: ApplicationListTab[]) => lists.flatMap((tab) => tab.items.map((entry) => entry.name));

describe("a citizen's application list kept by the process", () => {
  it('asked again with nothing changed: the same list', async () => {
    const first = await ask();
    expect(names(first)).toEqual(['我的申请3', '我的申请2', '我的申请1']);
    expect(await ask()).toEqual(first);
  });

  it('each change the list shows is seen at the next ask, made by another client', async () => {
    await ask();
    const changes: Array<[string, string, (lists: ApplicationListTab[]) => unknown, unknown]> = [
      ['an application renamed', `UPDATE applications SET name = '改名的申请' WHERE id = ${ids[1]}`, (lists) => item(lists, ids[1]!)?.name, '改名的申请'],
      ['an opinion written', `UPDATE applications SET sh_xmsl_yj = '材料不全' WHERE id = ${ids[0]}`, (lists) => item(lists, ids[0]!)?.pro_slxmsh.sh_xmsl_yj, '材料不全'],
      ['moved to another tab', `UPDATE applications SET shzt = 10 WHERE id = ${ids[0]}`, (lists) => item(lists, ids[0]!)?.tab, 'passed'],
      ['the citizen renamed', `UPDATE users SET name = '孙八八' WHERE openid = 'list-kept-owner'`, (lists) => item(lists, ids[2]!)?.user_name, '孙八八'],
      [
        'an application added',
        `INSERT INTO applications (openid, prodefid, djlx, qllx, xzqdm, areaname, name, slbh, shzt)
           SELECT openid, prodefid, djlx, qllx, xzqdm, areaname, '新的申请', 'SLLIST-9', -1 FROM applications WHERE id = ${ids[2]}`,
        (lists) => names(lists).includes('新的申请'),
        true,
      ],
      ['an application deleted', `DELETE FROM applications WHERE id = ${ids[2]}`, (lists) => item(lists, ids[2]!), undefined],
    ];
    for (const [change, statement, read, expected] of changes) {
      await other.query(statement);
      expect(read(await ask()), change).toEqual(expected);
    }
  });

  it('each filter is kept apart: a tab or an appointment flag never answers with another list', async () => {
    // Every application of this citizen is a draft: the whole list and its 未提交 tab hold the same rows.
    const drafter = await hall.quickCitizen('list-kept-drafter');
    await hall.connection.db.insert(applications).values({ ...caseColumns('list-kept-drafter'), name: '只有草稿', slbh: 'SLLIST-D', shzt: -1 });
    expect((await ask({}, drafter)).map((tab) => tab.tab)).toEqual(['notSubmitted', 'pending', 'passed', 'rejected']);
    expect((await ask({ status: '-1' }, drafter)).map((tab) => tab.tab)).toEqual(['notSubmitted']);
    expect((await ask({}, drafter)).map((tab) => tab.tab)).toHaveLength(4);
    const all = await ask();
    const pending = await ask({ status: '0' });
    expect(pending.map((tab) => tab.tab)).toEqual(['pending']);
    const booked = await ask({ yytype: '1' });
    expect(names(booked)).toEqual([]);
    expect(await ask()).toEqual(all);
    await other.query(`UPDATE applications SET appointment = '1' WHERE id = ${ids[1]}`);
    expect(names(await ask({ yytype: '1' }))).toEqual(['改名的申请']);
  });

  it("another citizen's list is their own, however often the first is asked", async () => {
    await ask();
    const theirs = await ask({}, neighbour);
    expect(theirs.flatMap((tab) => tab.items)).toEqual([]);
    await other.query(`UPDATE applications SET openid = 'list-kept-neighbour' WHERE id = ${ids[1]}`);
    expect(item(await ask({}, neighbour), ids[1]!)?.name).toBe('改名的申请');
    expect(item(await ask(), ids[1]!)).toBeUndefined();
  });

  it('compressed for the phone, the kept reply decodes to the same list each time', async () => {
    const plain = await hall.app.inject({ method: 'POST', url: `${API}/getApplyList`, payload: { reqseq: 'k' }, headers: { cookie: owner, 'accept-encoding': 'identity' } });
    for (let n = 0; n < 2; n++) {
      const compressed = await hall.app.inject({ method: 'POST', url: `${API}/getApplyList`, payload: { reqseq: 'k' }, headers: { cookie: owner, 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });
});
