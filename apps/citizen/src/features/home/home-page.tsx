import { HOME_BANNER_HEIGHT_PX } from '@hall/ui/constants';
// Subpath imports keep the rest of the kit (dialogs, forms) off the home page's first load.
import { BannerCarousel } from '@hall/ui/banner-carousel';
import { EmptyState } from '@hall/ui/empty-state';
import { MenuGroup } from '@hall/ui/menu-group';
import { Button } from 'antd-mobile';
import { useRemote } from '@hall/app';
import { ElderModeButton } from '../../components/elder-mode-button';
import { useElderMode } from '../../lib/elder-mode';
import { useGuardedNavigation } from '../../lib/use-guarded-navigation';
import { useSession } from '../../stores/session';
import { HomeFrame, HomeSkeleton } from '../../components/home-frame';
import { hallMenu } from '../../lib/hall-menu';
import { HallSearchBox, HallSearchResults, useHallSearchTerm } from './hall-search';
import './home-page.css';

/** The hall home `/`: one search across the hall, the banner carousel (150 px) and the menu groups with their tiles; a search shows its hits instead. */
export function HomePage() {
  const appid = useSession((s) => s.appInfo?.appid);
  const open = useGuardedNavigation();
  // 长辈模式: one tile a row and a banner that stays still until turned by hand.
  const elder = useElderMode((s) => s.on);
  const hall = useRemote(() => hallMenu(appid), [appid]);
  const [term] = useHallSearchTerm();

  return (
    <HomeFrame actions={<ElderModeButton />}>
      {hall.loading && !hall.data ? (
        <HomeSkeleton />
      ) : hall.error ? (
        <EmptyState description={hall.error}>
          <Button color="primary" size="small" onClick={() => void hall.reload()}>
            重新加载
          </Button>
        </EmptyState>
      ) : term ? (
        <>
          <HallSearchBox />
          <HallSearchResults term={term} />
        </>
      ) : (
        <>
          <HallSearchBox />
          <BannerCarousel
            height={HOME_BANNER_HEIGHT_PX}
            autoplay={!elder}
            items={(hall.data?.banners ?? []).map((b) => ({ id: b.id, image: b.url, title: b.title }))}
            onItemClick={(item) => {
              const banner = hall.data?.banners.find((b) => b.id === item.id);
              if (banner?.link) void open({ menutype: 'click', url: banner.link });
            }}
          />
          {(hall.data?.menus ?? []).map((group) => (
            <MenuGroup
              key={group.id}
              title={group.menuname}
              columns={elder ? 1 : 2}
              items={group.secondmenus.map((m) => ({ id: m.id, name: m.menuname, remark: m.bz, icon: m.imgpath, menutype: m.menutype, url: m.url }))}
              onItemClick={(item) => void open(item)}
            />
          ))}
        </>
      )}
    </HomeFrame>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { HomePage as Component };
