import { isDistrictPlaceholder, regionChildren, regionPath, type RegionEntry } from '@hall/domain';
import type { CityRegion } from '@hall/api';
import { badRequest } from '../../../lib/errors';

export const UNKNOWN_REGION_MESSAGE = '行政区划代码有误，请重新选择地区';

function city(entry: RegionEntry): CityRegion {
  return {
    xzqmc: entry.name,
    xzqdm: entry.value,
    // A city without districts has a single '--' child in the table: the chooser lists the city alone.
    districtxzq: regionChildren(entry.value)
      .filter((district) => !isDistrictPlaceholder(district))
      .map((district) => ({ xzqmc: district.name, xzqdm: district.value })),
  };
}

/**
 * The region chooser's cities (/seladd): a province code gives all its cities, a city code that
 * city, a district code the city it belongs to; each city with its districts.
 */
export function addressList(xzqdm: string): CityRegion[] {
  const path = regionPath(xzqdm.trim());
  const [province, cityEntry] = path;
  if (!province) throw badRequest(UNKNOWN_REGION_MESSAGE);
  if (!cityEntry) return regionChildren(province.value).map(city);
  return [city(cityEntry)];
}
