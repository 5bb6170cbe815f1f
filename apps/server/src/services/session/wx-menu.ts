import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { banners, menus } from '../../db/schema';
import { menuIconInliner } from './menu-icons';

/** GetWxMenu's reply: the home's menu groups with their tiles, and its banners. */
export type WxMenuReply = Awaited<ReturnType<ReturnType<typeof wxMenuReader>>>;

/** Reads the home's menus and banners as GetWxMenu answers them (kept per process by the public content cache). */
export function wxMenuReader(db: Database, publicDir: string) {
  const menuIcon = menuIconInliner(publicDir);
  return async function readWxMenu() {
    // Hidden tiles, disabled banners and banners still without an image stay in the console only.
    const all = await db.select().from(menus).where(eq(menus.visible, true)).orderBy(asc(menus.sort));
    const view = (m: typeof menus.$inferSelect) => ({ id: m.id, menuname: m.menuname, menutype: m.menutype, url: m.url, imgpath: menuIcon(m.imgpath), bz: m.bz });
    const groups = all.filter((m) => !m.parentId).map((m) => ({ ...view(m), secondmenus: all.filter((c) => c.parentId === m.id).map(view) }));
    const slides = await db
      .select()
      .from(banners)
      .where(and(eq(banners.enabled, true), ne(banners.url, '')))
      .orderBy(asc(banners.sort));
    return { errcode: '00' as const, data: { menus: groups, banners: slides.map((b) => ({ id: b.id, title: b.title, url: b.url, link: b.link })) } };
  };
}
