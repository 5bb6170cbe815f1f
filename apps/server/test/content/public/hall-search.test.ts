import { contract } from '@hall/api/internal';
import { describe, expect, it } from 'vitest';
import { articles } from '../../../src/db/schema';
import { SEARCH_TERM_REQUIRED } from '../../../src/services/content/public/hall-search';
import { callHall } from '../../call';
import { testHallForFile } from '../../hall';

const hall = testHallForFile();

const search = async (searchVal: string) => (await callHall(hall, contract.searchHall, { searchVal })).body;

describe('searchHall', () => {
  it('finds news, guides, downloads, questions and businesses of the hall in one answer, each with the page that opens it', async () => {
    const body = await search('抵押');
    expect(body.errcode).toBe('00');
    const kinds = new Set(body.data!.map((hit) => hit.kind));
    for (const kind of ['办事指南', '资料下载', '网上申请']) expect(kinds, kind).toContain(kind);
    for (const hit of body.data!) expect(hit.title, hit.kind).toContain('抵押');
    const apply = body.data!.find((hit) => hit.kind === '网上申请')!;
    expect(apply.href).toMatch(/^\/apply\?appointment=0&id=/);
    expect(body.data!.find((hit) => hit.kind === '资料下载')!.href).toMatch(/^\/zlxz\?q=/);

    const questions = await search('实名认证');
    expect(questions.data).toContainEqual({ kind: '常见问题', title: '为什么要进行实名认证？', href: '/commonQuesList' });
  });

  it('leaves drafts out, matches literally, and asks for a term when given none', async () => {
    await hall.connection.db.insert(articles).values({ type: 'article', title: '未发布的草稿通知', content: '<p>草稿</p>', status: 'draft' });
    expect((await search('未发布的草稿')).data).toEqual([]);
    expect((await search('%')).data).toEqual([]);
    const empty = await callHall(hall, contract.searchHall, { searchVal: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errmsg).toBe(SEARCH_TERM_REQUIRED);
  });
});
