import { describe, expect, it } from 'vitest';
import { contract } from '../contract';

describe('signature and statement calls', () => {
  it('sit at the paths of spec part 3 §7', () => {
    expect(contract.saveQzxxWx.path).toBe('/online/public/search/save_qzxx_wx');
    expect(contract.querySqrWx.path).toBe('/online/public/search/query_sqr_wx');
    expect(contract.queryTyp.path).toBe('/online/public/search/queryTyp');
    expect(contract.htpreviewWx.path).toBe('/online/public/search/htpreview_wx');
    expect(contract.saveQzxxWx.form).toBe(true);
  });

  it('save_qzxx_wx needs the applicant id and the image data, within the size limit', () => {
    expect(contract.saveQzxxWx.body.parse({ id: 12, decodeInfo: 'data:image/png;base64,iVBORw0KGgo=' }).id).toBe('12');
    expect(() => contract.saveQzxxWx.body.parse({ decodeInfo: 'x' })).toThrow();
    expect(() => contract.saveQzxxWx.body.parse({ id: '1', decodeInfo: 'A'.repeat(3_000_000) })).toThrow();
  });

  it('save_sqr_wx and addQlxxInfo carry the statements as JSON text or objects', () => {
    const jusInfo = { clmc: '死亡证明', swsj: '2024-03-05', zl: '石河子市北四路79号' };
    const sqr = contract.saveSqrWx.body.parse({ proinstid: '5', onlyUserinfo: 'true', jusInfo: JSON.stringify(jusInfo), recordInfo: JSON.stringify({ sfqtjcr: '有' }) });
    expect(JSON.parse(sqr.jusInfo as string)).toEqual(jusInfo);
    const rights = contract.addQlxxInfo.body.parse({ proinstid: '5', savetype: '4', changecqzInfo: { onestr: '子女', fostr: 50 } });
    expect(rights.changecqzInfo).toEqual({ onestr: '子女', fostr: 50 });
    expect(() => contract.addQlxxInfo.body.parse({ proinstid: '5', savetype: '4', changecqzInfo: { onestr: { nested: true } } })).toThrow();
  });

  it('query_sqr_wx answers fwxx as text and qzinfo as a list', () => {
    const reply = contract.querySqrWx.reply.parse({ state: 1, fwxx: '{}', qzinfo: [{ sqrid: '1', sqrxm: '张三', qzxx: 'data:image/png;base64,AA==' }] });
    expect(reply.qzinfo?.[0]?.sqrxm).toBe('张三');
    expect(() => contract.querySqrWx.reply.parse({ state: 1, qzinfo: [{ sqrid: '1' }] })).toThrow();
  });
});
