/**
 * The demo business catalogue of the application flow (spec part 2): business types, categories,
 * a business for every djlx/qllx pair in each demo district plus enterprise businesses, their unit
 * fields and materials, their guides, and the fill screens' dictionaries. Names and codes that the
 * domain package already holds (registration types, ID types, holding and mortgage methods, field
 * labels, districts) are taken from it.
 */
import {
  DEFAULT_APPLY_REGION,
  DEFAULT_ADDRESS_REGION,
  DEFAULT_PRICE_UNIT_LABEL,
  HOLDING_METHODS,
  ID_TYPES,
  MORTGAGE_METHODS,
  PRICE_UNITS,
  PROPERTY_FIELD_LABELS,
  REGISTRATION_TYPES,
  SPECIAL_RULES_DISTRICT,
  TAX_BUREAU_DISTRICT,
  YES_NO,
  regionName,
} from '@hall/domain';
import { DEMO_GUIDES, GUIDE_BUSINESSES } from './content';
import { demoMaterialHelp } from './material-help';

type BusinessTypeId = 'bt-house' | 'bt-mortgage' | 'bt-enterprise';

export const DEMO_BUSINESS_TYPES: { id: BusinessTypeId; examplename: string; examplerange: string; imgpath: string; sort: number }[] = [
  { id: 'bt-house', examplename: '房屋登记', examplerange: 'fwdj', imgpath: '/online/assets/icons/apply.svg', sort: 1 },
  { id: 'bt-mortgage', examplename: '抵押登记', examplerange: 'dydj', imgpath: '/online/assets/icons/cert.svg', sort: 2 },
  { id: 'bt-enterprise', examplename: '企业业务', examplerange: 'qydj', imgpath: '/online/assets/icons/license.svg', sort: 3 },
];

/** One parent category per registration type, named as the domain names it. */
export const DEMO_BUSINESS_CATEGORIES = Object.entries(REGISTRATION_TYPES).map(([djlx, name], index) => ({
  id: `pc-${djlx}`,
  prodefName: name,
  sort: index + 1,
}));

/** The districts the demo businesses are offered in; 659000 is the apply flow's default, the others have special rules. */
const DEMO_DISTRICTS: { xzqdm: string; areaname: string }[] = [
  // The table's name for 659000 is the grouping 自治区直辖县级行政区划; the hall shows what it groups.
  { xzqdm: DEFAULT_APPLY_REGION, areaname: '新疆维吾尔自治区直辖县级市' },
  { xzqdm: SPECIAL_RULES_DISTRICT, areaname: regionName(SPECIAL_RULES_DISTRICT) ?? SPECIAL_RULES_DISTRICT },
  { xzqdm: TAX_BUREAU_DISTRICT, areaname: regionName(TAX_BUREAU_DISTRICT) ?? TAX_BUREAU_DISTRICT },
  { xzqdm: DEFAULT_ADDRESS_REGION, areaname: regionName(DEFAULT_ADDRESS_REGION) ?? DEFAULT_ADDRESS_REGION },
];

/** What each djlx/qllx pair asks on its screens: the obligor panel and its titles, and the unit form's fields ([field, isfillin]). */
interface PairDetails {
  code: string;
  type: BusinessTypeId;
  ywr: '0' | '1';
  ywrAlias: string;
  qlrAlias: string;
  fields: [string, '0' | '1'][];
}

/** The obligor panel and its titles, shared by the pairs whose parties are named alike. */
const NO_OBLIGOR = { ywr: '0', ywrAlias: '义务人', qlrAlias: '申请人' } as const;
const MORTGAGE_PARTIES = { ywr: '1', ywrAlias: '抵押人', qlrAlias: '抵押权人' } as const;
const PRESALE_PARTIES = { ywr: '1', ywrAlias: '预售人', qlrAlias: '预购人' } as const;

/** The unit form's fields in order, each required unless marked optional with a trailing `?`. */
function unitFields(list: string): [string, '0' | '1'][] {
  return list.split(' ').map((field) => (field.endsWith('?') ? [field.slice(0, -1), '0'] : [field, '1']));
}

/** What each registration pair gives a business of the catalogue; the console adds businesses that follow one. */
export const PAIRS: Record<string, PairDetails> = {
  'pd-100-4': { code: 'FWSCDJ', type: 'bt-house', ywr: '0', ywrAlias: '义务人', qlrAlias: '权利人', fields: unitFields('bdcdyh zl fwsyqmj tdsyq_mj fwyt tdsyq_yt czfs sfhbzs?') },
  'pd-100-23': { code: 'DYSCDJ', type: 'bt-mortgage', ...MORTGAGE_PARTIES, fields: unitFields('bdcqzmh bdcdyh zl fwsyqmj bdbzzqse? zgzqse? qlqssj qljssj') },
  // A transfer's 交易金额 is asked once, in its 权利信息 (part 2 §5), not again on the unit.
  'pd-200-4': { code: 'FWZYDJ', type: 'bt-house', ywr: '1', ywrAlias: '出卖人', qlrAlias: '买受人', fields: unitFields('bdcqzmh bdcdyh zl fwsyqmj tdsyq_mj? fwyt czfs sfhbzs?') },
  'pd-200-23': { code: 'DYZYDJ', type: 'bt-mortgage', ywr: '1', ywrAlias: '转让人', qlrAlias: '受让人', fields: unitFields('bdcqzmh bdcdyh zl bdbzzqse? zgzqse?') },
  'pd-400-4': { code: 'FWZXDJ', type: 'bt-house', ...NO_OBLIGOR, fields: unitFields('bdcqzmh bdcdyh zl') },
  'pd-400-23': { code: 'DYZXDJ', type: 'bt-mortgage', ...MORTGAGE_PARTIES, fields: unitFields('bdcqzmh bdcdyh zl') },
  'pd-700-4': { code: 'YGDJ', type: 'bt-house', ...PRESALE_PARTIES, fields: unitFields('bdcqzmh? bdcdyh zl fwsyqmj qdjg fwyt') },
  'pd-700-23': { code: 'YDYDJ', type: 'bt-mortgage', ...MORTGAGE_PARTIES, fields: unitFields('bdcqzmh? bdcdyh zl fwsyqmj bdbzzqse? zgzqse? qlqssj qljssj') },
  'pd-700-423': { code: 'YGYDYDJ', type: 'bt-mortgage', ...PRESALE_PARTIES, fields: unitFields('bdcqzmh? bdcdyh zl fwsyqmj qdjg bdbzzqse? zgzqse?') },
  'pd-800-4': { code: 'HZDJ', type: 'bt-house', ...NO_OBLIGOR, fields: unitFields('bdcqzmh bdcdyh zl fwsyqmj mj_bgh?') },
};

/** Enterprise businesses (yhlx 1): a developer's first registration and sale, and a bank's mortgage; each built on its pair. */
const ENTERPRISE_BUSINESSES: { suffix: string; pair: string; name: string }[] = [
  { suffix: 'qy', pair: 'pd-100-4', name: '企业房屋首次登记' },
  { suffix: 'qy', pair: 'pd-200-4', name: '企业房屋转移登记' },
  { suffix: 'qy', pair: 'pd-100-23', name: '企业抵押权首次登记' },
];

/** An optional material every business accepts. */
const OPTIONAL_MATERIAL = '其他补充材料';

interface CatalogueBusiness {
  id: string;
  parentId: string;
  typeId: BusinessTypeId;
  prodefName: string;
  yhlx: '0' | '1';
  djlx: string;
  qllx: string;
  code: string;
  xzqdm: string;
  areaname: string;
  ywr: string;
  ywrAlias: string;
  qlrAlias: string;
  sort: number;
  /** The guide this business's guide is copied from. */
  guideOf: string;
  materials: string[];
  fields: [string, '0' | '1'][];
}

/** The default district keeps the guides' own ids (pd-{djlx}-{qllx}); the others add their code. */
function businessId(base: string, xzqdm: string): string {
  return xzqdm === DEFAULT_APPLY_REGION ? base : `${base}-${xzqdm}`;
}

/** A business of a pair in a district: the pair gives its registration, obligor panel and unit fields; the rest is its own. */
function pairBusiness(
  pairId: string,
  district: (typeof DEMO_DISTRICTS)[number],
  own: Pick<CatalogueBusiness, 'id' | 'typeId' | 'prodefName' | 'yhlx' | 'code' | 'sort' | 'materials'>,
): CatalogueBusiness {
  const pair = PAIRS[pairId]!;
  const [, djlx = '', qllx = ''] = pairId.split('-');
  return {
    id: own.id,
    parentId: `pc-${djlx}`,
    typeId: own.typeId,
    prodefName: own.prodefName,
    yhlx: own.yhlx,
    djlx,
    qllx,
    code: own.code,
    xzqdm: district.xzqdm,
    areaname: district.areaname,
    ywr: pair.ywr,
    ywrAlias: pair.ywrAlias,
    qlrAlias: pair.qlrAlias,
    sort: own.sort,
    guideOf: pairId,
    materials: own.materials,
    fields: pair.fields,
  };
}

function buildCatalogue(): CatalogueBusiness[] {
  const list: CatalogueBusiness[] = [];
  for (const district of DEMO_DISTRICTS) {
    GUIDE_BUSINESSES.forEach((guide, index) => {
      const pair = PAIRS[guide.prodefid];
      if (!pair) throw new Error(`no catalogue details for ${guide.prodefid}`);
      list.push(
        pairBusiness(guide.prodefid, district, {
          id: businessId(guide.prodefid, district.xzqdm),
          typeId: pair.type,
          prodefName: guide.name,
          yhlx: '0',
          code: pair.code,
          sort: index + 1,
          materials: guide.materials,
        }),
      );
    });
    ENTERPRISE_BUSINESSES.forEach((enterprise, index) => {
      const pair = PAIRS[enterprise.pair]!;
      const guide = GUIDE_BUSINESSES.find((g) => g.prodefid === enterprise.pair)!;
      list.push(
        pairBusiness(enterprise.pair, district, {
          id: businessId(`${enterprise.pair}-${enterprise.suffix}`, district.xzqdm),
          typeId: 'bt-enterprise',
          prodefName: enterprise.name,
          yhlx: '1',
          code: `QY${pair.code}`,
          sort: index + 1,
          materials: [...guide.materials, '营业执照', '法定代表人身份证明及授权委托书'],
        }),
      );
    });
  }
  return list;
}

const CATALOGUE = buildCatalogue();

export const DEMO_BUSINESSES = CATALOGUE.map(({ guideOf: _guide, materials: _materials, fields: _fields, ...business }) => business);

export const DEMO_BUSINESS_FIELDS = CATALOGUE.flatMap((business) =>
  business.fields.map(([field, isfillin], index) => ({ prodefId: business.id, field, isfillin, label: PROPERTY_FIELD_LABELS[field] ?? field, sort: index + 1 })),
);

export const DEMO_BUSINESS_MATERIALS = CATALOGUE.flatMap((business) => [
  ...business.materials.map((name, index) => ({ prodefId: business.id, name, required: '是', sort: index + 1, ...demoMaterialHelp(name) })),
  { prodefId: business.id, name: OPTIONAL_MATERIAL, required: '否', sort: business.materials.length + 1, ...demoMaterialHelp(OPTIONAL_MATERIAL) },
]);

/** Guides of the businesses whose id has no guide yet: the same guide as their pair's, under their own title. */
export const DEMO_BUSINESS_GUIDES = CATALOGUE.filter((business) => !DEMO_GUIDES.some((guide) => guide.prodefid === business.id)).map((business) => {
  const base = DEMO_GUIDES.find((guide) => guide.prodefid === business.guideOf)!;
  return { prodefid: business.id, title: `${business.prodefName}办事指南`, content: base.content, cdzmyhxzContent: base.cdzmyhxzContent };
});

/** CQLY, the source of title of a pre-notation (default 106, the purchase of a commodity house); not a domain table. */
const TITLE_SOURCES: Record<string, string> = {
  '101': '划拨',
  '102': '出让',
  '103': '自建',
  '104': '继承',
  '105': '赠与',
  '106': '购买商品房',
  '107': '购买存量房',
  '108': '拍卖',
  '109': '其他',
};

function dictionary(type: string, items: Readonly<Record<string, string>>) {
  return Object.entries(items).map(([code, text], index) => ({ type, code, text, sort: index + 1 }));
}

export const DEMO_DICTIONARIES = [
  ...dictionary('ZJLX', ID_TYPES),
  ...dictionary('CZFS', HOLDING_METHODS),
  // 1 元, 2 美元, and the third unit the domain's "otherwise" names.
  ...dictionary('JGDW', { ...PRICE_UNITS, '3': DEFAULT_PRICE_UNIT_LABEL }),
  ...dictionary('SFHBZS', { '0': YES_NO['0'], '1': YES_NO['1'] }),
  ...dictionary('CQLY', TITLE_SOURCES),
  ...dictionary('DYFS', MORTGAGE_METHODS),
];
