import { worldPixel } from './tile-map';

/** A site with its position, as the plan draws it. */
export interface PlanSite {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

interface SitePlanProps {
  /** The site in the middle. */
  centre: PlanSite;
  /** Every site with a position, the centre among them. */
  sites: readonly PlanSite[];
  zoom: number;
  /** Why the plan stands in for the map, under it. */
  note: string;
}

/** Half the plan's width and height, in the map's pixels at its zoom. */
const HALF_W = 150;
const HALF_H = 100;
const EARTH_RADIUS_M = 6_371_000;

/** The distance between two sites along the ground, in metres. */
function metresBetween(a: PlanSite, b: PlanSite): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** A hall's short name on the plan: its district (复兴区), the words every hall shares left off. */
function shortName(name: string): string {
  return name.replace(/不动产登记.*$/, '') || name;
}

function distanceText(metres: number): string {
  return metres < 1000 ? `${Math.round(metres / 10) * 10}米` : `${(metres / 1000).toFixed(1)}公里`;
}

/**
 * The sites drawn from their own coordinates at the map's zoom, with nothing from outside the hall
 * (docs/decisions/007): the chosen site in the middle, others near enough as points, those further
 * off as arrows on the edge towards them with their distance, and a scale. What a hall without a tile
 * provider, or whose tiles fail, shows in the map's place.
 */
export function SitePlan({ centre, sites, zoom, note }: SitePlanProps) {
  const origin = worldPixel(centre.lat, centre.lng, zoom);
  const metresPerPixel = (156_543.03 * Math.cos((centre.lat * Math.PI) / 180)) / 2 ** zoom;
  const scaleMetres = metresPerPixel * 80 >= 1000 ? 1000 : 500;
  const scaleLength = scaleMetres / metresPerPixel;
  const others = sites
    .filter((site) => site.id !== centre.id)
    .map((site) => {
      const point = worldPixel(site.lat, site.lng, zoom);
      return { site, x: point.x - origin.x, y: point.y - origin.y, metres: metresBetween(centre, site) };
    });

  return (
    <div className="hall-sites__map hall-sites__plan">
      <svg viewBox={`${-HALF_W} ${-HALF_H} ${HALF_W * 2} ${HALF_H * 2}`} preserveAspectRatio="xMidYMid meet" role="img" aria-label={`${centre.name}及周边网点示意图`}>
        <rect x={-HALF_W} y={-HALF_H} width={HALF_W * 2} height={HALF_H * 2} className="hall-sites__plan-ground" />
        {[-128, -64, 0, 64, 128].map((at) => (
          <line key={`v${at}`} x1={at} y1={-HALF_H} x2={at} y2={HALF_H} className="hall-sites__plan-grid" />
        ))}
        {[-64, 0, 64].map((at) => (
          <line key={`h${at}`} x1={-HALF_W} y1={at} x2={HALF_W} y2={at} className="hall-sites__plan-grid" />
        ))}
        {others.map(({ site, x, y, metres }) => {
          const inside = Math.abs(x) < HALF_W - 20 && Math.abs(y) < HALF_H - 20;
          if (inside)
            return (
              <g key={site.id}>
                <circle cx={x} cy={y} r={5} className="hall-sites__plan-other" />
                <text x={x} y={y + 16} textAnchor="middle" className="hall-sites__plan-label">
                  {shortName(site.name)}
                </text>
              </g>
            );
          // On the edge, towards the site: the direction kept, the point pulled in.
          const pull = Math.min((HALF_W - 14) / Math.abs(x || 1), (HALF_H - 14) / Math.abs(y || 1));
          const ex = x * pull;
          const ey = y * pull;
          const angle = (Math.atan2(y, x) * 180) / Math.PI;
          const anchor = ex > 40 ? 'end' : ex < -40 ? 'start' : 'middle';
          return (
            <g key={site.id}>
              <path d="M -7 -6 L 7 0 L -7 6 Z" transform={`translate(${ex} ${ey}) rotate(${angle})`} className="hall-sites__plan-other" />
              <text x={ex + (anchor === 'end' ? -10 : anchor === 'start' ? 10 : 0)} y={ey + (ey > 0 ? -10 : 20)} textAnchor={anchor} className="hall-sites__plan-label">
                {`${shortName(site.name)} ${distanceText(metres)}`}
              </text>
            </g>
          );
        })}
        <circle cx={0} cy={0} r={8} className="hall-sites__plan-centre" />
        <text x={0} y={-16} textAnchor="middle" className="hall-sites__plan-label is-centre">
          {centre.name}
        </text>
        <g transform={`translate(${-HALF_W + 12} ${-HALF_H + 22})`}>
          <line x1={0} y1={0} x2={scaleLength} y2={0} className="hall-sites__plan-scale" />
          <text x={0} y={-5} className="hall-sites__plan-label is-scale">
            {distanceText(scaleMetres)}
          </text>
        </g>
      </svg>
      <span className="hall-sites__attribution">{note}</span>
    </div>
  );
}
