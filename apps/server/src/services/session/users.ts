import type { HallUser } from '@hall/api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { preparedStatement } from '../../db/prepared-statement';

export type UserRow = typeof users.$inferSelect;

/** Read by most citizen calls (the name on a list, the real-name gate). */
const userLookup = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.openid, sql.placeholder('openid')))
    .prepare('hall_find_user'),
);

export async function findUser(db: Database, openid: string): Promise<UserRow | null> {
  const [row] = await userLookup(db).execute({ openid });
  return row ?? null;
}

export async function requireUser(db: Database, openid: string): Promise<UserRow> {
  const row = await findUser(db, openid);
  if (!row) throw new Error(`no user ${openid}`);
  return row;
}

/** The user as the screens read it, with both spellings the specification uses. */
export function toHallUser(row: UserRow): HallUser {
  const verified = row.realNameAuth === 1;
  return {
    openid: row.openid,
    appid: row.appid,
    APPID: row.appid,
    nickname: row.nickname,
    headimgurl: row.headimgurl,
    headimagurl: row.headimgurl,
    mobile: row.phone,
    account: row.account,
    name: row.name,
    CARDNUM: row.cardnum,
    PHONE: row.phone,
    cardtype: row.cardtype,
    XZQDM: row.xzqdm,
    isRealNameAuth: verified ? 'true' : 'false',
    realNameAuthentication: verified ? 1 : 0,
    iswebuser: row.iswebuser,
    usertype: row.usertype,
    SEX: row.sex,
    elderMode: row.elderMode,
  };
}
