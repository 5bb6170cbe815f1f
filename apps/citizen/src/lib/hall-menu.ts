import { dataOf } from '@hall/app';
import { api } from './api';

const loadHallMenu = async (appid: string | undefined) => dataOf(await api.getWxMenu({ AppRootDomain: window.location.origin, AppID: appid }));
type HallMenu = Awaited<ReturnType<typeof loadHallMenu>>;

let early: { appid: string; menu: Promise<HallMenu> } | null = null;

/**
 * Starts reading the hall menu (a public call) as soon as the session bootstrap knows the appid, so
 * the menu and its banners arrive alongside the sign-in instead of after it.
 */
export function prefetchHallMenu(appid: string): void {
  const menu = loadHallMenu(appid);
  // A failure is the home's to show when it asks; until then it must not count as unhandled.
  menu.catch(() => undefined);
  early = { appid, menu };
}

/** The hall menu: the early read once (for the same appid), then a fresh read (重新加载, a later visit). */
export function hallMenu(appid: string | undefined): Promise<HallMenu> {
  const taken = early;
  early = null;
  return taken && taken.appid === appid ? taken.menu : loadHallMenu(appid);
}
