import { isMobileNumber, normalizeIdNumber, VALIDATION_MESSAGES, validatePassword, validateProfileStrict } from '@hall/domain';
import { eq } from 'drizzle-orm';
import type { ProfileFormData } from '@hall/api';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { consumePhoneCode } from './phone-codes';
import { requireUser, type UserRow } from './users';
import { accountOfProvedPhone, lockProvedPhone } from './web-sign-in';

/** validateUserInfo's answer (spec part 1 §7): 0 ok; 1, 2, 4 profile incomplete; 3 not real-name verified. */
export function profileState(user: UserRow): { errcode: '0' | '1' | '2' | '3' | '4'; errmsg: string } {
  if (!user.name) return { errcode: '1', errmsg: '请完善用户信息' };
  if (!user.cardnum) return { errcode: '2', errmsg: '请完善用户信息' };
  if (!user.phone) return { errcode: '4', errmsg: '请完善用户信息' };
  if (user.realNameAuth !== 1) return { errcode: '3', errmsg: '您未实名认证，请实名认证后再办理业务' };
  return { errcode: '0', errmsg: '' };
}

export const PASSWORD_MISMATCH = '密码错误，请输入注册时设置的密码';
export const VERIFIED_PROFILE_LOCKED = '您已完成实名认证，个人信息不可修改';

/**
 * Saves the profile of the session's user with the same rules the screen applies, plus the full
 * ID rule. A registered web user confirms the registration password; others set a new one.
 */
export async function saveProfile(db: Database, openid: string, form: ProfileFormData): Promise<void> {
  const user = await requireUser(db, openid);
  if (user.realNameAuth === 1) throw badRequest(VERIFIED_PROFILE_LOCKED);
  const failure = validateProfileStrict({ name: form.name, idNumber: form.cardnum, mobile: form.phone });
  if (failure) throw badRequest(failure);
  const password = form.password ?? '';
  let passwordHash = user.passwordHash;
  if (user.iswebuser === '1' && user.passwordHash) {
    if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(PASSWORD_MISMATCH);
  } else {
    const passwordFailure = validatePassword(password);
    if (passwordFailure) throw badRequest(passwordFailure);
    passwordHash = await hashPassword(password);
  }
  await db
    .update(users)
    .set({
      name: form.name.trim(),
      cardnum: normalizeIdNumber(form.cardnum),
      cardtype: form.cardtype ?? '1',
      phone: form.phone.trim(),
      sex: form.SEX ?? user.sex,
      nickname: form.nickname?.trim() || user.nickname,
      passwordHash,
      // A phone proved by a code stays proved only while it is the same number.
      phoneVerified: user.phoneVerified && form.phone.trim() === user.phone,
      updatedAt: new Date(),
    })
    .where(eq(users.openid, openid));
}

export const PHONE_UNCHANGED = '新手机号与当前手机号相同，无需更换';

/**
 * Changes the session user's mobile number, also once real-name verified (the profile form is locked
 * then): the new number must be a mobile number and prove itself with the code sent to it, which
 * is used up here. Nothing changes when either check fails.
 */
export async function changePhone(db: Database, openid: string, input: { phone: string; code: string }): Promise<void> {
  const user = await requireUser(db, openid);
  const phone = input.phone.trim();
  if (!isMobileNumber(phone)) throw badRequest(VALIDATION_MESSAGES.profileMobile);
  if (phone === user.phone.trim()) throw badRequest(PHONE_UNCHANGED);
  const check = await consumePhoneCode(db, { openid, phone, code: input.code });
  if (!check.ok) throw badRequest(check.reason);
  await db.transaction(async (tx) => {
    await lockProvedPhone(tx, phone);
    // The code proved the number, so SMS sign-in on the web finds this account by it from now on,
    // unless another account proved the same number first: that one keeps it.
    const holder = await accountOfProvedPhone(tx, phone);
    await tx.update(users).set({ phone, phoneVerified: !holder, updatedAt: new Date() }).where(eq(users.openid, openid));
  });
}

/** Turns the session user's 长辈模式 on or off; answers with the stored choice. */
export async function saveElderMode(db: Database, openid: string, elderMode: boolean): Promise<boolean> {
  const [row] = await db.update(users).set({ elderMode, updatedAt: new Date() }).where(eq(users.openid, openid)).returning({ elderMode: users.elderMode });
  if (!row) throw badRequest('用户不存在，请重新进入');
  return row.elderMode;
}
