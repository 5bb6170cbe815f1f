import { HOME_BANNER_HEIGHT_PX } from '@hall/ui/constants';
import type { ReactNode } from 'react';
import { HallTabBar } from './hall-tab-bar';
import { paths } from '../config/paths';
import './elder-mode-button.css';
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
        {actions ?? (
          // Before the session answers there is no button yet: its place is kept, so the banner below does not move when it comes.
          <span className="hall-elder-button hall-home__reserved" aria-hidden="true">
            长辈模式
          </span>
        )}
      </header>
      {children}
      <HallTabBar active={paths.home} />
    </div>
  );
}

const GROUP_TILES = [6, 4];

/**
 * The home's first banner as the server's HTML preloads it (its only image preload), so the skeleton
 * can paint the banner itself while the session and the menu are still on their way.
 */
function preloadedBanner(): string | undefined {
  return document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href || undefined;
}

/**
 * Grey blocks where the menu tiles will be, while the hall loads; the banner's place (its own
 * height) already shows the first banner when the HTML named it, the same picture the carousel opens on.
 */
export function HomeSkeleton() {
  const banner = preloadedBanner();
  return (
    <div className="hall-home-skeleton" role="status" aria-label={LOADING} aria-busy>
      <div className="hall-home-skeleton__banner" style={{ height: HOME_BANNER_HEIGHT_PX }}>
        {banner && <img className="hall-home-skeleton__image" src={banner} alt="" />}
      </div>
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
