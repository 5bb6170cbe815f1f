import { describe, expect, it } from 'vitest';
import { HOUSE_USES, HOUSE_USES_IN_ORDER, LAND_USES, LAND_USES_IN_ORDER, houseUseCode, houseUseLabel, landUseLabel } from './property-uses';

describe('the house-use dictionary (不动产登记数据库标准 房屋用途)', () => {
  it.each([
    ['10', '住宅'],
    ['11', '成套住宅'],
    ['111', '别墅'],
    ['13', '集体宿舍'],
    ['20', '工业、交通、仓储'],
    ['31', '商业服务'],
    ['60', '办公'],
    ['84', '物管用房'],
  ])('%s reads %s', (code, words) => expect(houseUseLabel(code)).toBe(words));

  it('keeps a value that is no code as it is, and none as blank', () => {
    expect(houseUseLabel('住宅')).toBe('住宅');
    expect(houseUseLabel('99')).toBe('99');
    expect(houseUseLabel(undefined)).toBe('');
    expect(houseUseLabel(' 10 ')).toBe('住宅');
  });

  it('finds the code of a registry that answers in words', () => {
    expect(houseUseCode('住宅')).toBe('10');
    expect(houseUseCode('商业服务')).toBe('31');
    expect(houseUseCode('12')).toBe('12');
    expect(houseUseCode('商业')).toBe('');
  });

  it('lists each code once, every subclass under its class', () => {
    expect(new Set(HOUSE_USES_IN_ORDER.map(([code]) => code)).size).toBe(HOUSE_USES_IN_ORDER.length);
    for (const [code] of HOUSE_USES_IN_ORDER) expect(HOUSE_USES[`${code.slice(0, 1)}0`]).toBeDefined();
  });
});

describe('the land-use dictionary (GB/T 21010-2007 土地利用现状分类)', () => {
  it.each([
    ['071', '城镇住宅用地'],
    ['072', '农村宅基地'],
    ['07', '住宅用地'],
    ['011', '水田'],
    ['101', '铁路用地'],
    ['111', '河流水面'],
    ['127', '裸地'],
  ])('%s reads %s', (code, words) => expect(landUseLabel(code)).toBe(words));

  it('reads a four-digit GB/T 21010-2017 code by its first level, and keeps what is no code', () => {
    expect(landUseLabel('0701')).toBe('住宅用地');
    expect(landUseLabel('0508')).toBe('商服用地');
    expect(landUseLabel('城镇住宅用地')).toBe('城镇住宅用地');
    expect(landUseLabel('')).toBe('');
  });

  it('lists each code once, every second-level class under its first level', () => {
    expect(new Set(LAND_USES_IN_ORDER.map(([code]) => code)).size).toBe(LAND_USES_IN_ORDER.length);
    for (const [code] of LAND_USES_IN_ORDER) expect(LAND_USES[code.slice(0, 2)]).toBeDefined();
    expect(LAND_USES_IN_ORDER.filter(([code]) => code.length === 2)).toHaveLength(12);
  });
});
