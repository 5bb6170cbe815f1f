import { useState, type ReactNode } from 'react';

const TILE = 256;

/** The world pixel of a point at a zoom (Web Mercator, 256-pixel tiles). */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

export function tileAddress(template: string, zoom: number, x: number, y: number): string {
  return template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
}

export interface TileMapProps {
  /** The tile template ({z}, {x}, {y}); '' when the hall has no map provider. */
  tileUrl: string;
  attribution: string;
  zoom: number;
  lat: number;
  lng: number;
  label: string;
  /** What stands in the map's place, with a note saying why: without a provider, or once a tile fails. */
  fallback: (note: string) => ReactNode;
}

/** Why the sites' plan stands in for the map. */
export const NO_MAP_PROVIDER_NOTE = '网点示意图（离线）';
export const MAP_FAILED_NOTE = '地图暂时无法加载，显示网点示意图';

/**
 * A small map centred on one point at a fixed zoom: the tiles around it and a marker. Without a
 * provider, or once a tile fails to load, the fallback (the sites' own plan) stands in with its note.
 */
export function TileMap({ tileUrl, attribution, zoom, lat, lng, label, fallback }: TileMapProps) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const key = `${tileUrl}|${lat}|${lng}`;
  if (!tileUrl) return fallback(NO_MAP_PROVIDER_NOTE);
  if (failedFor === key) return fallback(MAP_FAILED_NOTE);

  const center = worldPixel(lat, lng, zoom);
  const centerTile = { x: Math.floor(center.x / TILE), y: Math.floor(center.y / TILE) };
  const count = 2 ** zoom;
  const tiles: { x: number; y: number; left: number; top: number }[] = [];
  for (let dx = -2; dx <= 2; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const x = centerTile.x + dx;
      const y = centerTile.y + dy;
      if (y < 0 || y >= count) continue;
      tiles.push({ x: ((x % count) + count) % count, y, left: x * TILE - center.x, top: y * TILE - center.y });
    }
  }
  return (
    <div className="hall-sites__map" role="img" aria-label={`${label}的位置地图`}>
      {tiles.map((tile) => (
        <img
          key={`${tile.x}-${tile.y}`}
          className="hall-sites__tile"
          src={tileAddress(tileUrl, zoom, tile.x, tile.y)}
          alt=""
          width={TILE}
          height={TILE}
          style={{ left: `calc(50% + ${Math.round(tile.left)}px)`, top: `calc(50% + ${Math.round(tile.top)}px)` }}
          onError={() => setFailedFor(key)}
        />
      ))}
      <span className="hall-sites__marker" aria-hidden />
      {attribution ? <span className="hall-sites__attribution">{attribution}</span> : null}
    </div>
  );
}
