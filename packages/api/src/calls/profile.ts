import { z } from 'zod';
import { apilist, post } from '../define-call';
import { errcodeOnlyReply, errcodeReply, statReply } from '../envelopes';
import { openid, text, plainText } from '../common';
import { bareRequest, userRequest } from './shared/requests';
import { hallUser } from './session';

/** The profile form (spec part 1 §3). */
export const profileForm = userRequest.extend({
  name: text(64),
  nickname: text(64).optional(),
  /** cardtype, default 1 (居民身份证). */
  cardtype: text(4).default('1'),
  cardnum: text(32),
  phone: text(20),
  /** usertype, default 0 (individual). */
  usertype: text(4).default('0'),
  SEX: text(4).optional(),
  appid: text(64).optional(),
  iswebuser: text(4).optional(),
  password: text(64),
  realNameAuthentication: z.union([z.number(), plainText(8)]).optional(),
});
export type ProfileForm = z.input<typeof profileForm>;
export type ProfileFormData = z.output<typeof profileForm>;

export const profileCalls = {
  getUserInfo: apilist(
    'getUserInfo',
    bareRequest.extend({
      data: z
        .object({
          appid: plainText(64).optional(),
          openid,
          phone: plainText(20).optional(),
          nickname: plainText(64).optional(),
          /** From the URL after the face check returns; the server reads the result itself. */
          BizToken: plainText(128).optional(),
        })
        .optional(),
    }),
    /**
     * With a BizToken the server first completes that face check and says how it ended
     * (faceResult, with faceMessage explaining a failure), so the screen can show 认证通过 or 认证失败.
     */
    errcodeReply(hallUser).extend({
      faceResult: z.enum(['passed', 'failed']).optional(),
      faceMessage: z.string().optional(),
    }),
  ),
  /** errcode 0 ok; 1, 2, 4 profile incomplete; 3 not real-name verified. */
  validateUserInfo: apilist('validateUserInfo', bareRequest.extend({ data: z.object({ openid }).optional() }), errcodeOnlyReply),
  saveUserInfo: apilist('perfectUserInfo', profileForm, errcodeOnlyReply),
  /**
   * The citizen's elder mode (长辈模式: larger text and tap targets, high contrast, simpler tiles),
   * kept with the citizen so it follows them to every later visit. Changes only the session's user.
   */
  setElderMode: apilist('setElderMode', bareRequest.extend({ data: z.object({ openid, elderMode: z.boolean() }) }), errcodeReply(z.object({ elderMode: z.boolean() }))),
  /**
   * A new mobile number for the session's user, verified or not: yzm is the SMS code getPhoneCode sent
   * to that new number (used once). Real-name verification stays: it is of the person, not the phone.
   */
  changePhone: apilist('changePhone', bareRequest.extend({ phone: text(20), yzm: text(12) }), errcodeOnlyReply),
  /** Sends an SMS code to the phone: stat 1 sent, else stat 0 with msg (e.g. the seconds left before another). */
  getPhoneCode: post('/mp/api/user/getphonecode', bareRequest.extend({ phone: text(20) }), statReply(z.unknown())),
  /** Face verification start: errcode 00 with data.Url to send the browser to. */
  getWxDetectAuth: post(
    '/online/wx/face/WxDetectAuth',
    z.object({
      RedirectUrl: plainText(2048),
      openid,
      bsm: plainText(128).optional(),
      idcard: text(32),
      name: text(64),
    }),
    errcodeReply(z.object({ Url: z.string(), BizToken: z.string() })),
  ),
  /**
   * Completes the face check of a business serial (bsm) taken from the return URL: errcode 00
   * with 认证成功 when it passed and matches the profile, else errcode 01 with the reason.
   */
  setDetectInfo: apilist('setDetectInfo', bareRequest.extend({ bsm: plainText(128), BizToken: plainText(128).optional() }), errcodeOnlyReply),
} as const;
