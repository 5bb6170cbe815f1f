import {
  MENU_GROUP_MISSING,
  MENU_GROUP_NOT_EMPTY,
  MENU_ICON_INVALID,
  MENU_NAME_MAX_LENGTH,
  MENU_NAME_REQUIRED,
  MENU_NAME_TOO_LONG,
  MENU_REMARK_MAX_LENGTH,
  MENU_REMARK_TOO_LONG,
  MENU_TILE_NEEDS_LINK,
  CONTENT_LINK_INVALID,
  NO_DATA_MESSAGE,
  type ConsoleMenu,
  type ConsoleMenuGroup,
} from '@hall/api/internal';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { menus } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { keptReadChanged } from '../../../db/kept-read';
import { checkedText, isAppRoute, isWebAddress, reorder } from './content-rules';

type MenuRow = typeof menus.$inferSelect;
const targetOf = (id: string) => `menu:${id}`;

const toMenu = (row: MenuRow): ConsoleMenu => ({
  id: row.id,
  parentId: row.parentId,
  menuname: row.menuname,
  menutype: row.menutype === 'view' ? 'view' : 'click',
  url: row.url,
  imgpath: row.imgpath,
  bz: row.bz,
  sort: row.sort,
  visible: row.visible,
});
const auditView = ({ id: _id, ...rest }: MenuRow) => rest;

/** Every group with its tiles, hidden ones included, in the home's order. */
export async function listConsoleMenus(db: Database): Promise<ConsoleMenuGroup[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.filter((row) => !row.parentId).map((group) => ({ ...toMenu(group), tiles: rows.filter((row) => row.parentId === group.id).map(toMenu) }));
}

export interface MenuInput {
  id?: string | undefined;
  parentId: string | null;
  menuname: string;
  menutype: 'click' | 'view';
  url: string;
  imgpath: string;
  bz: string;
  visible: boolean;
}

/** A tile opens an app route (click) or a web address (view); a group needs no link. The icon is the hall's or an https image. */
function checkedMenu(input: MenuInput) {
  const menuname = checkedText(input.menuname, { max: MENU_NAME_MAX_LENGTH, required: MENU_NAME_REQUIRED, tooLong: MENU_NAME_TOO_LONG });
  const bz = checkedText(input.bz, { max: MENU_REMARK_MAX_LENGTH, tooLong: MENU_REMARK_TOO_LONG });
  const url = input.url.trim();
  if (input.parentId !== null && !url) throw badRequest(MENU_TILE_NEEDS_LINK);
  if (url && !(input.menutype === 'view' ? isWebAddress(url) : isAppRoute(url))) throw badRequest(CONTENT_LINK_INVALID);
  const imgpath = input.imgpath.trim();
  if (imgpath && !/^\/online\/[\w\-./]+$/.test(imgpath) && !/^https:\/\/[^\s<>"']+$/i.test(imgpath)) throw badRequest(MENU_ICON_INVALID);
  return { menuname, bz, url, imgpath, menutype: input.menutype, visible: input.visible, parentId: input.parentId };
}

/** The group a tile goes in, locked so it cannot be removed meanwhile; a tile is no group. */
async function lockGroup(tx: Transaction, parentId: string | null): Promise<void> {
  if (parentId === null) return;
  const [group] = await tx
    .select()
    .from(menus)
    .where(and(eq(menus.id, parentId), isNull(menus.parentId)))
    .for('update');
  if (!group) throw badRequest(MENU_GROUP_MISSING);
}

/** A new group or tile goes last in its list. A group stays a group and a tile a tile; a tile may move to another group. */
export async function saveConsoleMenu(db: Database, actor: AuditActor, input: MenuInput): Promise<ConsoleMenu> {
  const values = checkedMenu(input);
  const row = await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    await lockGroup(tx, values.parentId);
    if (input.id === undefined) {
      await tx.execute(sql`LOCK TABLE ${menus} IN SHARE ROW EXCLUSIVE MODE`);
      const sameList = values.parentId === null ? isNull(menus.parentId) : eq(menus.parentId, values.parentId);
      const [last] = await tx
        .select({ sort: sql<number>`coalesce(max(${menus.sort}), 0)` })
        .from(menus)
        .where(sameList);
      const id = `${values.parentId === null ? 'g' : 'm'}-${randomId(9)}`;
      const [created] = await tx
        .insert(menus)
        .values({ id, ...values, sort: Number(last!.sort) + 1 })
        .returning();
      await recordAudit(tx, actor, { action: 'menu.create', target: targetOf(id), before: null, after: auditView(created!) });
      return created!;
    }
    const [before] = await tx.select().from(menus).where(eq(menus.id, input.id)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    if ((before.parentId === null) !== (values.parentId === null)) throw badRequest(MENU_GROUP_MISSING);
    const [updated] = await tx.update(menus).set(values).where(eq(menus.id, before.id)).returning();
    await recordAudit(tx, actor, { action: 'menu.update', target: targetOf(before.id), before: auditView(before), after: auditView(updated!) });
    return updated!;
  });
  return toMenu(row);
}

/** The new order of the groups (parentId null) or of one group's tiles. */
export async function orderConsoleMenus(db: Database, actor: AuditActor, parentId: string | null, ids: string[]): Promise<ConsoleMenuGroup[]> {
  await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    const rows = await tx
      .select()
      .from(menus)
      .where(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId))
      .orderBy(asc(menus.sort), asc(menus.id))
      .for('update');
    await reorder(tx, actor, { rows, ids, target: parentId === null ? 'menus' : targetOf(parentId), write: (id, sort) => tx.update(menus).set({ sort }).where(eq(menus.id, id)) });
  });
  return listConsoleMenus(db);
}

/** A tile, or a group with no tiles left (its tiles would otherwise vanish from the home with it). */
export async function deleteConsoleMenu(db: Database, actor: AuditActor, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    const [before] = await tx.select().from(menus).where(eq(menus.id, id)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    if (before.parentId === null) {
      const [tile] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1).for('update');
      if (tile) throw conflict(MENU_GROUP_NOT_EMPTY);
    }
    await tx.delete(menus).where(eq(menus.id, id));
    await recordAudit(tx, actor, { action: 'menu.delete', target: targetOf(id), before: auditView(before), after: null });
  });
  return { id };
}
