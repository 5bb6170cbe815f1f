import { HOME_BANNER_HEIGHT_PX } from '@hall/domain';
import type { ReactNode } from 'react';
import { HallTabBar } from './hall-tab-bar';
import { paths } from '../config/paths';
import './home-frame.css';

/** The hall's name in the home's title bar. */
export const HALL_NAME = '不动产登记网上办事大厅';
/** What the skeleton says to a screen reader while the hall loads. */
const LOADING = '加载中';

/**
 * The hall home's frame: the title bar (with `actions` at its end), the page and the bottom tabs.
 * /waiting draws it too when the citizen is on the way to the home, so the frame is on screen before
 * the session and the menu have answered.
 */
export function HomeFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="hall-home hall-with-tab-bar">
      <header className="hall-home__title">
        <span className="hall-home__name">{HALL_NAME}</span>
        {actions}
      </header>
      {children}
      <HallTabBar active={paths.home} />
    </div>
  );
}

const GROUP_TILES = [6, 4];

/** Grey blocks where the banner (its own height) and the menu tiles will be, while the hall loads. */
export function HomeSkeleton() {
  return (
    <div className="hall-home-skeleton" role="status" aria-label={LOADING} aria-busy>
      <div className="hall-home-skeleton__banner" style={{ height: HOME_BANNER_HEIGHT_PX }} />
      {GROUP_TILES.map((tiles, group) => (
        <div key={group} className="hall-home-skeleton__group">
          <div className="hall-home-skeleton__title" />
          <div className="hall-home-skeleton__tiles">
            {Array.from({ length: tiles }, (_, tile) => (
              <div key={tile} className="hall-home-skeleton__tile" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
