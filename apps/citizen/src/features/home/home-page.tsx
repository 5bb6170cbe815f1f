import { HOME_BANNER_HEIGHT_PX } from '@hall/domain';
// Subpath imports keep the rest of the kit (dialogs, forms) off the home page's first load.
import { BannerCarousel } from '@hall/ui/banner-carousel';
import { EmptyState } from '@hall/ui/empty-state';
import { MenuGroup } from '@hall/ui/menu-group';
import { Button, DotLoading } from 'antd-mobile';
import { api } from '../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import { HallTabBar } from '../../components/hall-tab-bar';
import { useGuardedNavigation } from '../../lib/use-guarded-navigation';
import { useSession } from '../../stores/session';
import './home-page.css';

/** The hall home `/`: the banner carousel (150 px) and the menu groups with their tiles. */
export function Component() {
  const appid = useSession((s) => s.appInfo?.appid);
  const open = useGuardedNavigation();
  const hall = useRemote(async () => dataOf(await api.getWxMenu({ AppRootDomain: window.location.origin, AppID: appid })), [appid]);

  return (
    <div className="hall-home hall-with-tab-bar">
      <header className="hall-home__title">不动产登记网上办事大厅</header>
      {hall.loading && !hall.data ? (
        <div className="hall-page-center" role="status">
          <DotLoading color="primary" />
          <p>加载中</p>
        </div>
      ) : hall.error ? (
        <EmptyState description={hall.error}>
          <Button color="primary" size="small" onClick={() => void hall.reload()}>
            重新加载
          </Button>
        </EmptyState>
      ) : (
        <>
          <BannerCarousel
            height={HOME_BANNER_HEIGHT_PX}
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
              items={group.secondmenus.map((m) => ({ id: m.id, name: m.menuname, remark: m.bz, icon: m.imgpath, menutype: m.menutype, url: m.url }))}
              onItemClick={(item) => void open(item)}
            />
          ))}
        </>
      )}
      <HallTabBar />
    </div>
  );
}
