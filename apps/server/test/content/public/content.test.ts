import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../../src/db/schema';
import { DEMO_COMMON_QUESTIONS, DEMO_CONTACT } from '../../../src/seed/content';
import { createArticle } from '../../../src/services/content/public/articles';
import { saveGuide } from '../../../src/services/content/public/guides';
import { testHallForFile } from '../../hall';
import { rowById } from '../../rows';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const HAS_CHINESE = /[\u4e00-\u9fa5]/;

const hall = testHallForFile();
let citizen: string;
beforeAll(async () => {
  // The progress query is a business call: the reader has a complete, verified profile.
  citizen = await hall.quickCitizen('content-reader');
});

describe('common questions', () => {
  it('lists every question with its answer, in the hall’s order, without a session', async () => {
    const { status, body } = await callHall(hall, contract.getCommonQuesList, {});
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const list = body.data!;
    expect(list.map((q) => q.question)).toEqual(DEMO_COMMON_QUESTIONS.map((q) => q.question));
    expect(Object.keys(list[0]!).sort()).toEqual(['answer', 'id', 'question']);

    const one = await callHall(hall, contract.getCommonQues, { id: list[1]!.id });
    expect(one.body).toMatchObject({ errcode: '00', data: { id: list[1]!.id, question: '为什么要进行实名认证？' } });
  });

  it('a missing or malformed id answers 查询无数据 with a 4xx', async () => {
    for (const id of ['424242', 'x']) {
      const { status, body } = await callHall(hall, contract.getCommonQues, { id });
      expect(status).toBe(404);
      expect(body).toMatchObject({ errcode: '01', errmsg: '查询无数据' });
    }
    const noId = await hall.post('/mp/api/commonques/get', {});
    expect(noId.status).toBe(400);
    expect(String(noId.body.errmsg)).toMatch(HAS_CHINESE);
  });
});

describe('getContactUs', () => {
  it('answers the one comma-separated string in data, for any slsqId, without a session', async () => {
    const { body } = await callHall(hall, contract.getContactUs, { slsqId: 'abc' });
    expect(body).toEqual({ errcode: '00', data: DEMO_CONTACT });
    expect((body.data as string).split(',').length).toBeGreaterThan(1);
  });
});

describe('getAddressList', () => {
  const path = '/online/wx/apilist/getAddressList';
  type City = { xzqmc: string; xzqdm: string; districtxzq: { xzqmc: string; xzqdm: string }[] };

  it('defaults to 130400: 邯郸市 with its districts', async () => {
    const { body } = await hall.post(path, { reqseq: 'r' });
    expect(body.errcode).toBe('00');
    const cities = (body.data as { cityxzq: City[] }).cityxzq;
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ xzqmc: '邯郸市', xzqdm: '130400' });
    expect(cities[0]!.districtxzq).toContainEqual({ xzqmc: '邯山区', xzqdm: '130402' });
    expect(cities[0]!.districtxzq).toContainEqual({ xzqmc: '丛台区', xzqdm: '130403' });
  });

  it('a province code gives all its cities, a district code its city', async () => {
    const province = (await hall.post(path, { xzqdm: '130000' })).body.data as { cityxzq: City[] };
    expect(province.cityxzq.map((c) => c.xzqmc)).toContain('邯郸市');
    expect(province.cityxzq.map((c) => c.xzqmc)).toContain('石家庄市');
    expect(province.cityxzq.every((c) => c.districtxzq.length > 0)).toBe(true);
    const district = (await hall.post(path, { xzqdm: 130402 })).body.data as { cityxzq: City[] };
    expect(district.cityxzq.map((c) => c.xzqdm)).toEqual(['130400']);
  });

  it('keeps a city without districts, with no "--" placeholder among them', async () => {
    const guangdong = (await hall.post(path, { xzqdm: '440000' })).body.data as { cityxzq: City[] };
    const dongguan = guangdong.cityxzq.find((c) => c.xzqmc === '东莞市');
    expect(dongguan).toEqual({ xzqmc: '东莞市', xzqdm: '441900', districtxzq: [] });
    expect(guangdong.cityxzq.flatMap((c) => c.districtxzq).some((d) => d.xzqmc === '--')).toBe(false);
  });

  it('an unknown code is a 4xx with a Chinese errmsg', async () => {
    for (const xzqdm of ['999999', '', 'abc']) {
      const { status, body } = await hall.post(path, { xzqdm });
      expect(status).toBe(400);
      expect(body.errcode).toBe('01');
      expect(String(body.errmsg)).toMatch(HAS_CHINESE);
    }
  });
});

describe('getServiceGuids', () => {
  const path = '/online/wx/apilist/getServiceGuids';
  type Item = { id: string; title: string; url: string; time: string };

  it('lists one type newest first, each with the article page url and its date', async () => {
    const { status, body } = await hall.post(path, { reqseq: 'r', type: 'bszn', page: 'all', searchVal: '' });
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const list = body.data as Item[];
    expect(list).toHaveLength(7);
    expect(list[0]!.title).toBe('国有建设用地使用权及房屋所有权首次登记办事指南');
    expect(list[0]!.url).toBe(`/articlecontent?id=${list[0]!.id}&type=bszn`);
    expect(list[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const times = list.map((item) => item.time);
    expect([...times].sort().reverse()).toEqual(times);
    for (const type of ['article', 'xxgs', 'laws', 'tzgg']) {
      expect((await hall.post(path, { type })).body.errcode).toBe('00');
    }
  });

  it('matches the title case-insensitively', async () => {
    await createArticle(hall.connection.db, { type: 'article', title: 'Hall NEWS：登记中心英文网站上线', content: '<p>内容</p>' });
    const { body } = await hall.post(path, { type: 'article', page: 'all', searchVal: 'hall news' });
    expect((body.data as Item[]).map((item) => item.title)).toEqual(['Hall NEWS：登记中心英文网站上线']);
  });

  it('treats % and _ in the search as plain characters', async () => {
    await createArticle(hall.connection.db, { type: 'laws', title: '契税减免比例调整为100%的通知', content: '<p>内容</p>' });
    await createArticle(hall.connection.db, { type: 'laws', title: '登记规范 v2_1 修订说明', content: '<p>内容</p>' });
    const percent = await hall.post(path, { type: 'laws', searchVal: '%' });
    expect((percent.body.data as Item[]).map((item) => item.title)).toEqual(['契税减免比例调整为100%的通知']);
    const underscore = await hall.post(path, { type: 'laws', searchVal: '_' });
    expect((underscore.body.data as Item[]).map((item) => item.title)).toEqual(['登记规范 v2_1 修订说明']);
    const backslash = await hall.post(path, { type: 'laws', searchVal: '\\' });
    expect(backslash.body).toEqual({ errcode: '01', errmsg: '暂无相关数据' });
  });

  it('an empty result is errcode 01 with 暂无相关数据 for the empty row', async () => {
    const { status, body } = await hall.post(path, { type: 'xxgs', searchVal: '没有这样的标题' });
    expect(status).toBe(200);
    expect(body).toEqual({ errcode: '01', errmsg: '暂无相关数据' });
  });

  it('refuses an unknown type, a page other than all and an oversize search with a 4xx and a Chinese errmsg', async () => {
    for (const payload of [{ type: 'secret' }, {}, { type: 'laws', page: 2 }, { type: 'laws', searchVal: '长'.repeat(101) }, { type: 'laws', searchVal: ['a'] }]) {
      const { status, body } = await hall.post(path, payload);
      expect(status).toBe(400);
      expect(body.errcode).toBe('01');
      expect(String(body.errmsg)).toMatch(HAS_CHINESE);
    }
  });
});

describe('getArticle and sanitised HTML', () => {
  const path = '/online/wx/apilist/getArticle';
  const HOSTILE =
    '<h2>公告</h2><p onclick="steal()">正文<strong>加粗</strong></p><script>alert(1)</script><style>body{display:none}</style>' +
    '<img src="x" onerror="alert(2)"><img src="javascript:alert(3)"><img src="data:text/html;base64,PHNjcmlwdD4=">' +
    '<img src="https://example.gov.cn/a.png" alt="图"><a href="javascript:alert(4)">坏链接</a><a href="https://example.gov.cn/" onmouseover="x()">好链接</a>' +
    '<iframe src="https://evil.example/"></iframe><table><tr><td colspan="2" style="color:red">单元格</td></tr></table>';

  function expectSafe(html: string) {
    expect(html).not.toMatch(/<script|<style|<iframe|onerror|onclick|onmouseover|javascript:|alert\(|data:text|style=/i);
    expect(html).toContain('<h2>公告</h2>');
    expect(html).toContain('<p>正文<strong>加粗</strong></p>');
    expect(html).toContain('<img src="https://example.gov.cn/a.png" alt="图" />');
    expect(html).toContain('<a href="https://example.gov.cn/">好链接</a>');
    expect(html).toContain('<a>坏链接</a>');
    expect(html).toContain('<td colspan="2">单元格</td>');
  }

  it('answers title, content, time and type of a demo article', async () => {
    const list = (await callHall(hall, contract.getServiceGuids, { type: 'article' })).body.data!;
    const { body } = await hall.post(path, { reqseq: 'r', id: list[0]!.id, type: 'article' });
    expect(body).toMatchObject({ errcode: '00', data: { id: list[0]!.id, title: list[0]!.title, type: 'article', time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect((body.data as { content: string }).content).toMatch(/^<p>/);
  });

  it('sanitises a hostile article when it is written', async () => {
    const created = await createArticle(hall.connection.db, { type: 'tzgg', title: '带脚本的通知', content: HOSTILE });
    const row = await rowById(hall, articles, created.id);
    expectSafe(row!.content);
  });

  it('sanitises again when it is read, whatever reached the database', async () => {
    const [row] = await hall.connection.db.insert(articles).values({ type: 'tzgg', title: '导入的旧通知', content: HOSTILE }).returning();
    const { body } = await hall.post(path, { id: String(row!.id) });
    expect(body.errcode).toBe('00');
    expectSafe((body.data as { content: string }).content);
  });

  it('a missing id, a malformed one, or one of another type answers 查询无数据', async () => {
    const list = (await callHall(hall, contract.getServiceGuids, { type: 'laws' })).body.data!;
    for (const payload of [{ id: '88888888' }, { id: 'abc' }, { id: list[0]!.id, type: 'article' }]) {
      const { status, body } = await hall.post(path, payload);
      expect(status).toBe(404);
      expect(body).toEqual({ errcode: '01', errmsg: '查询无数据' });
    }
  });
});

describe('initGuide', () => {
  const path = '/online/wx/apilist/initGuide';

  it('answers the guide of a business', async () => {
    const { status, body } = await hall.post(path, { reqseq: 'r', prodefid: 'pd-100-23' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ errcode: '00', data: { title: '抵押权首次登记办事指南' } });
    const data = body.data as { content: string; cdzmyhxzContent: string };
    expect(data.content).toContain('申请材料');
    expect(data.cdzmyhxzContent).toContain('申请人须知');
  });

  it('sanitises guide HTML', async () => {
    await saveGuide(hall.connection.db, { prodefid: 'pd-test', title: '测试指南', content: '<p>正文</p><script>alert(1)</script>', cdzmyhxzContent: '<a href="javascript:x()">须知</a>' });
    const { body } = await hall.post(path, { prodefid: 'pd-test' });
    expect(body.data).toEqual({ title: '测试指南', content: '<p>正文</p>', cdzmyhxzContent: '<a>须知</a>' });
  });

  it('an unknown business is a 404 with a clear message; a blank one a 400', async () => {
    const missing = await hall.post(path, { prodefid: 'pd-999-9' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errcode: '01', errmsg: '未找到该业务的办事指南' });
    const blank = await hall.post(path, { prodefid: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ errcode: '01', errmsg: '请选择要办理的业务' });
  });
});

describe('querySearch (progress by acceptance number)', () => {
  const path = '/online/wx/apilist/querySearch';

  it('finds a case by its exact acceptance number', async () => {
    const { status, body } = await hall.post(path, { reqseq: 'r', appPlosh: 'HD2026110001' }, citizen);
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    expect(body.data).toEqual([
      { serialNumber: 'HD2026110001', name: '张三 房屋转移登记', processName: '转移登记', actStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), activityName: '审核' },
    ]);
    const mixed = await hall.post(path, { appPlosh: 'Hd2026100815' }, citizen);
    expect((mixed.body.data as { activityName: string }[])[0]!.activityName).toBe('办结');
  });

  it('letter case matters: hd2026110001 finds nothing', async () => {
    for (const appPlosh of ['hd2026110001', 'HD2026100815', 'HD20261100%']) {
      const { status, body } = await hall.post(path, { appPlosh }, citizen);
      expect(status).toBe(200);
      expect(body).toEqual({ errcode: '01', errmsg: '查询无数据' });
    }
  });

  it('a blank number or a wrong type is a 4xx with a Chinese errmsg', async () => {
    const blank = await hall.post(path, { appPlosh: '  ' }, citizen);
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ errcode: '01', errmsg: '请输入申请编号' });
    const wrongType = await hall.post(path, { appPlosh: { $ne: '' } }, citizen);
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.errmsg)).toMatch(HAS_CHINESE);
  });

  it("needs a session and refuses a payload openid that is not the session's", async () => {
    expect((await hall.post(path, { appPlosh: 'HD2026110001' })).body.status).toBe(-1);
    const { status, body } = await hall.post(path, { appPlosh: 'HD2026110001', openid: 'someone-else' }, citizen);
    expect(status).toBe(403);
    expect(body.errcode).toBe('01');
  });
});
