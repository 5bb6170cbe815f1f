import { isMobileNumber, isValidIdNumber, normalizeIdNumber } from '@hall/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { HallError } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import type { UnifiedIdentity } from '../../adapters/oidc/unified-identity';
import type { UserRow } from './users';
import { sameBlindIndex } from '../../db/sealed/sealed-columns';

/**
 * The account a person signed in through the province's unified identity (统一身份认证) gets
 * (docs/decisions/016-oidc-sign-in.md):
 * - the account that holds the provider's subject, the next time and every time after;
 * - else, when the provider asserts a verified real name, the account already real-name verified with
 *   the same ID card number (the face check proved it is this person): the subject is joined to it, so
 *   the citizen who used WeChat sees the same applications. If that account holds another subject of the
 *   same provider, nothing is joined and the sign-in is refused (IdNumberTakenError);
 * - else a new web account with the provider's name, ID card number and phone, real-name verified only
 *   when the provider asserts it. An ID card number merely typed into another profile proves nothing
 *   and joins nothing.
 */
export class IdNumberTakenError extends HallError {
  constructor() {
    super(409, '该身份证号已关联其他统一身份认证账号');
    this.name = 'IdNumberTakenError';
  }
}

export async function accountForUnifiedIdentity(db: Database, identity: UnifiedIdentity, hall: { appid: string; xzqdm: string }): Promise<UserRow> {
  const idNumber = isValidIdNumber(identity.idNumber) ? normalizeIdNumber(identity.idNumber) : '';
  const verified = identity.realNameAsserted && Boolean(identity.name) && Boolean(idNumber);
  return db.transaction(async (tx) => {
    await lock(tx, `oidc:${identity.issuer}|${identity.subject}`);
    if (idNumber) await lock(tx, `oidc-id:${idNumber}`);
    const held = and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject));
    const [known] = await tx.select().from(users).where(held).limit(1);
    if (known) {
      // The provider's later assertion verifies an account that was not yet; a verified profile never changes.
      if (!verified || known.realNameAuth === 1) return known;
      const [updated] = await tx.update(users).set({ name: identity.name, cardnum: idNumber, realNameAuth: 1, updatedAt: new Date() }).where(eq(users.openid, known.openid)).returning();
      return updated!;
    }
    if (verified) {
      const [same] = await tx
        .select()
        .from(users)
        .where(and(sameBlindIndex(users.cardnum, 'idNumber', idNumber), eq(users.realNameAuth, 1)))
        .orderBy(sql`${users.oidcSubject} is not null`, users.createdAt)
        .limit(1);
      if (same) {
        if (same.oidcSubject && same.oidcIssuer === identity.issuer) throw new IdNumberTakenError();
        const [joined] = await tx.update(users).set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, updatedAt: new Date() }).where(eq(users.openid, same.openid)).returning();
        return joined!;
      }
    }
    const [created] = await tx
      .insert(users)
      .values({
        openid: `oidc-${randomId(18)}`,
        appid: hall.appid,
        iswebuser: '1',
        xzqdm: hall.xzqdm,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        name: identity.name.slice(0, 50),
        cardnum: idNumber,
        // The provider's phone is not proved by a code here: SMS sign-in never finds this account by it.
        phone: isMobileNumber(identity.phone) ? identity.phone : '',
        realNameAuth: verified ? 1 : 0,
      })
      .returning();
    return created!;
  });
}

async function lock(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
