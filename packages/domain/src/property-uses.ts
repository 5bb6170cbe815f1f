/**
 * The two use dictionaries of a property unit (spec part 2 §3: fwyt, default "10"; tdsyq_yt, default
 * "071"), so that a record reads 住宅 and 城镇住宅用地 rather than its codes.
 *
 * Sources:
 * - 房屋用途 (fwyt): the 房屋用途字典表 of 不动产登记数据库标准（试行）(国土资源部, 2015), which
 *   takes the house-use classification of GB/T 17986.1 房产测量规范 第1单元: two-digit classes (10 住宅 …
 *   80 其他) with their subclasses, and the three-digit 111 别墅 / 112 高档公寓 under 11 成套住宅.
 * - 土地用途 (tdsyq_yt): GB/T 21010-2007 土地利用现状分类, the edition that standard cites: twelve first-level
 *   classes (01 耕地 … 12 其他土地) and their three-digit second-level classes (071 城镇住宅用地 …). A registry
 *   that already uses GB/T 21010-2017's four-digit codes is read by its first level (07 住宅用地).
 */
import { enumLabel } from './enums';

/** 房屋用途 (fwyt): 不动产登记数据库标准（试行）房屋用途字典表 (GB/T 17986.1 房屋用途分类). In the standard's order. */
export const HOUSE_USES_IN_ORDER: readonly (readonly [code: string, words: string])[] = [
  ['10', '住宅'],
  ['11', '成套住宅'],
  ['111', '别墅'],
  ['112', '高档公寓'],
  ['12', '非成套住宅'],
  ['13', '集体宿舍'],
  ['20', '工业、交通、仓储'],
  ['21', '工业'],
  ['22', '公共设施'],
  ['23', '铁路'],
  ['24', '民航'],
  ['25', '航运'],
  ['26', '公共运输'],
  ['27', '仓储'],
  ['30', '商业、金融、信息'],
  ['31', '商业服务'],
  ['32', '经营'],
  ['33', '旅游'],
  ['34', '金融保险'],
  ['35', '电讯信息'],
  ['40', '教育、医疗、卫生、科研'],
  ['41', '教育'],
  ['42', '医疗卫生'],
  ['43', '科研'],
  ['50', '文化、娱乐、体育'],
  ['51', '文化'],
  ['52', '新闻'],
  ['53', '娱乐'],
  ['54', '园林绿化'],
  ['55', '体育'],
  ['60', '办公'],
  ['70', '军事'],
  ['80', '其他'],
  ['81', '涉外'],
  ['82', '宗教'],
  ['83', '监狱'],
  ['84', '物管用房'],
];
export const HOUSE_USES: Readonly<Record<string, string>> = Object.fromEntries(HOUSE_USES_IN_ORDER);

/** 土地用途 (tdsyq_yt): GB/T 21010-2007 土地利用现状分类, first and second level. In the standard's order. */
export const LAND_USES_IN_ORDER: readonly (readonly [code: string, words: string])[] = [
  ['01', '耕地'],
  ['011', '水田'],
  ['012', '水浇地'],
  ['013', '旱地'],
  ['02', '园地'],
  ['021', '果园'],
  ['022', '茶园'],
  ['023', '其他园地'],
  ['03', '林地'],
  ['031', '有林地'],
  ['032', '灌木林地'],
  ['033', '其他林地'],
  ['04', '草地'],
  ['041', '天然牧草地'],
  ['042', '人工牧草地'],
  ['043', '其他草地'],
  ['05', '商服用地'],
  ['051', '批发零售用地'],
  ['052', '住宿餐饮用地'],
  ['053', '商务金融用地'],
  ['054', '其他商服用地'],
  ['06', '工矿仓储用地'],
  ['061', '工业用地'],
  ['062', '采矿用地'],
  ['063', '仓储用地'],
  ['07', '住宅用地'],
  ['071', '城镇住宅用地'],
  ['072', '农村宅基地'],
  ['08', '公共管理与公共服务用地'],
  ['081', '机关团体用地'],
  ['082', '新闻出版用地'],
  ['083', '科教用地'],
  ['084', '医卫慈善用地'],
  ['085', '文体娱乐用地'],
  ['086', '公共设施用地'],
  ['087', '公园与绿地'],
  ['088', '风景名胜设施用地'],
  ['09', '特殊用地'],
  ['091', '军事设施用地'],
  ['092', '使领馆用地'],
  ['093', '监教场所用地'],
  ['094', '宗教用地'],
  ['095', '殡葬用地'],
  ['10', '交通运输用地'],
  ['101', '铁路用地'],
  ['102', '公路用地'],
  ['103', '街巷用地'],
  ['104', '农村道路'],
  ['105', '机场用地'],
  ['106', '港口码头用地'],
  ['107', '管道运输用地'],
  ['11', '水域及水利设施用地'],
  ['111', '河流水面'],
  ['112', '湖泊水面'],
  ['113', '水库水面'],
  ['114', '坑塘水面'],
  ['115', '沿海滩涂'],
  ['116', '内陆滩涂'],
  ['117', '沟渠'],
  ['118', '水工建筑用地'],
  ['119', '冰川及永久积雪'],
  ['12', '其他土地'],
  ['121', '空闲地'],
  ['122', '设施农用地'],
  ['123', '田坎'],
  ['124', '盐碱地'],
  ['125', '沼泽地'],
  ['126', '沙地'],
  ['127', '裸地'],
];
export const LAND_USES: Readonly<Record<string, string>> = Object.fromEntries(LAND_USES_IN_ORDER);

/** A GB/T 21010-2017 code has four digits; its first two are the first-level class, the same in both editions. */
const LAND_USE_2017_CODE = /^(\d{2})\d{2}$/;

/**
 * A house use as words: the dictionary's word for a code, a value that is not a code (a registry that
 * already answers 住宅) as it is, '' for none.
 */
export function houseUseLabel(fwyt: string | null | undefined): string {
  const value = fwyt?.trim() ?? '';
  return enumLabel(HOUSE_USES, value) ?? value;
}

/** A land use as words, as houseUseLabel reads a house use; a four-digit 2017 code by its first level. */
export function landUseLabel(tdyt: string | null | undefined): string {
  const value = tdyt?.trim() ?? '';
  const firstLevel = LAND_USE_2017_CODE.exec(value)?.[1];
  return enumLabel(LAND_USES, value) ?? (firstLevel ? enumLabel(LAND_USES, firstLevel) : undefined) ?? value;
}

/** The house-use code of a registry's words (住宅 → 10), a code as it is; '' when the dictionary has neither. */
export function houseUseCode(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (enumLabel(HOUSE_USES, text)) return text;
  return HOUSE_USES_IN_ORDER.find(([, words]) => words === text)?.[0] ?? '';
}
