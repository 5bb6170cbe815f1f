import { dataOf, startEarly, takeEarly } from '@hall/app/session';
import { api } from './api';

const loadHallMenu = async (appid: string | undefined) => dataOf(await api.getWxMenu({ AppRootDomain: window.location.origin, AppID: appid }));
type HallMenu = Awaited<ReturnType<typeof loadHallMenu>>;
const menuKey = (appid: string | undefined) => `hall-menu:${appid ?? ''}`;

/**
 * Starts reading the hall menu (a public call) as soon as the session bootstrap knows the appid, so
 * the menu and its banners arrive alongside the sign-in instead of after it.
 */
export function prefetchHallMenu(appid: string): void {
  startEarly(menuKey(appid), () => loadHallMenu(appid));
}

/** The hall menu: the early read once (for the same appid), then a fresh read (重新加载, a later visit). */
export function hallMenu(appid: string | undefined): Promise<HallMenu> {
  return takeEarly(menuKey(appid), () => loadHallMenu(appid));
}
