import { describe, expect, it } from 'vitest';
import { contract } from '../contract';

/** Each call's payload as the specification gives it is taken; a wrong type or a missing field is refused. */
describe('content and query calls take the specification’s payloads', () => {
  const accepted: [keyof typeof contract, unknown][] = [
    ['sendSaveFeedback', { content: '希望增加周末预约时段', reqseq: '1', openid: 'o1' }],
    ['getFeedBackListPage', { reqseq: '1', openid: 'o1' }],
    ['getFeedBack', { reqseq: '1', id: '3', openid: 'o1' }],
    ['getFeedBack', { reqseq: '1', id: 3, openid: 'o1' }],
    ['getCommonQuesList', {}],
    ['getContactUs', { slsqId: '12' }],
    ['getAddressList', { reqseq: '1', xzqdm: '130400' }],
    ['getServiceGuids', { reqseq: '1', type: 'laws', page: 'all', searchVal: '登记' }],
    ['initGuide', { reqseq: '1', prodefid: 'pd-700-23' }],
    ['querySearch', { appPlosh: 'HD2026110001' }],
    ['certificateSearch', { username: '张三', zjh: '130402198503151231', qzh: '冀(2023)邯郸市不动产权第0012345号', xzqmc: '邯郸市', xzqdm: '130400', openid: 'o1' }],
    ['dzzzcertificateSearch', { username: '张三', zjh: '130402198503151231', qzh: '冀(2023)邯郸市不动产权第0012345号', xzqmc: '邯郸市', xzqdm: '130400', openid: 'o1' }],
    ['getDzzzPdf', { id: '1' }],
  ];
  it.each(accepted)('%s takes %j', (name, payload) => {
    expect(contract[name].body.safeParse(payload).success).toBe(true);
  });

  const refused: [keyof typeof contract, unknown][] = [
    ['getFeedBack', { reqseq: '1', openid: 'o1' }],
    ['getServiceGuids', { reqseq: '1', type: 'sports', page: 'all' }],
    ['initGuide', { reqseq: '1' }],
    ['querySearch', { appPlosh: { $ne: '' } }],
    ['sendSaveFeedback', { content: ['a'] }],
    ['getDzzzPdf', { id: { n: 1 } }],
  ];
  it.each(refused)('%s refuses %j', (name, payload) => {
    expect(contract[name].body.safeParse(payload).success).toBe(false);
  });

  it('sits at the paths of spec part 1 §7', () => {
    expect(contract.sendSaveFeedback.path).toBe('/online/wx/apilist/addSugge');
    expect(contract.getFeedBackListPage.path).toBe('/online/wx/apilist/getSuggeList');
    expect(contract.getFeedBack.path).toBe('/online/wx/apilist/getSugge');
    expect(contract.getCommonQuesList.path).toBe('/mp/api/commonques/list');
    expect(contract.certificateCity).toMatchObject({ method: 'GET', path: '/online/query/wx/zsqueryPage' });
    expect(contract.certificateSearch.path).toBe('/online/query/wx/zsquery');
    expect(contract.dzzzcertificateSearch.path).toBe('/online/query/wx/dzzzquery');
    expect(contract.verifyQuery).toMatchObject({ method: 'GET', path: '/online/public/verify/verifyquery' });
    expect(contract.downloadPdf).toMatchObject({ method: 'GET', path: '/online/public/search/downpdf' });
    expect(contract.getDzzzyqUpload).toMatchObject({ multipart: true });
  });

  it('reads the replies in their envelopes', () => {
    expect(contract.sendSaveFeedback.reply.parse({ webstate: -1, errmsg: '提交失败' }).webstate).toBe(-1);
    expect(contract.querySearch.reply.safeParse({ errcode: '01', errmsg: '查询无数据' }).success).toBe(true);
    expect(contract.certificateSearch.reply.safeParse({ state: true, data: { ID: '1' } }).success).toBe(true);
    expect(contract.certificateSearch.reply.safeParse({ state: 'submitted' }).success).toBe(false);
  });
});
