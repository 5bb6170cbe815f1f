import type { MapConfig } from '@hall/api';
import { MAP_ZOOM } from '@hall/domain';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { settings } from '../../../db/schema';

/** Settings that name the map provider of the site list; none by default (no outside service is assumed). */
export const MAP_TILE_URL_SETTING = 'map_tile_url';
export const MAP_ATTRIBUTION_SETTING = 'map_attribution';

/** Only an https address with the {z}, {x} and {y} places is used as a tile template (the page's CSP loads images over https only). */
export function isTileTemplate(value: string): boolean {
  return /^https:\/\/[^\s"'<>]+$/.test(value) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
}

export async function readMapConfig(db: Database): Promise<MapConfig> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [MAP_TILE_URL_SETTING, MAP_ATTRIBUTION_SETTING]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value.trim() ?? '';
  const tileUrl = value(MAP_TILE_URL_SETTING);
  return { tileUrl: isTileTemplate(tileUrl) ? tileUrl : '', attribution: value(MAP_ATTRIBUTION_SETTING), zoom: MAP_ZOOM };
}
