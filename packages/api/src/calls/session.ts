import { z } from 'zod';
import { apilist, get, post } from '../define-call';
import { errcodeReply, stateReply } from '../envelopes';
import { reqseq, plainText } from '../common';
import { bareRequest } from './shared/requests';

/** The logged-in user as the hall's screens read it (spec part 1 §3 "User (me)", part 3 §3). */
export const hallUser = z.object({
  openid: z.string(),
  appid: z.string(),
  APPID: z.string(),
  nickname: z.string(),
  headimgurl: z.string(),
  headimagurl: z.string(),
  mobile: z.string(),
  account: z.string(),
  name: z.string(),
  CARDNUM: z.string(),
  PHONE: z.string(),
  cardtype: z.string(),
  XZQDM: z.string(),
  /** The string 'true' when real-name verified. */
  isRealNameAuth: z.string(),
  /** 1 means verified. */
  realNameAuthentication: z.number(),
  iswebuser: z.string(),
  usertype: z.string(),
  SEX: z.string(),
  /** 长辈模式 on: larger text and tap targets, high contrast, simpler tiles. */
  elderMode: z.boolean().optional(),
});
export type HallUser = z.infer<typeof hallUser>;

/** The authorise result messages of the bootstrap (spec part 1 §4). */
export const AUTHORIZE_MESSAGES = ['newUser', 'oldUser', 'refreshUser', 'noRefresh'] as const;
export type AuthorizeMessage = (typeof AUTHORIZE_MESSAGES)[number];

/** Which app of the hall it is: its WeChat appid, name and version. */
const appIdentity = z.object({
  appid: z.string(),
  appname: z.string(),
  version: z.string(),
});

export const appItem = appIdentity.extend({
  /** snsapi_base or snsapi_userinfo. */
  scope: z.string(),
});

export const appInfo = appIdentity.extend({
  /** The district code of this hall. */
  xzqdm: z.string(),
  /** The region the application flow's region choice opens on (HALL_APPLY_XZQDM); absent, the spec's 659000. */
  applyXzqdm: z.string().optional(),
  syscode: z.string(),
  /** Whether 电子签章验证 takes OFD e-licences besides PDFs (HALL_VERIFY_OFD); absent, PDFs alone. */
  verifyOfd: z.boolean().optional(),
});
export type AppInfo = z.infer<typeof appInfo>;

export const menuItem = z.object({
  id: z.string(),
  menuname: z.string(),
  menutype: z.string(),
  url: z.string(),
  imgpath: z.string(),
  bz: z.string(),
});
export const menuGroup = menuItem.extend({ secondmenus: z.array(menuItem) });
export type MenuGroup = z.infer<typeof menuGroup>;

export const banner = z.object({ id: z.string(), title: z.string(), url: z.string(), link: z.string() });

export const sessionCalls = {
  /** Loads the app item (appid, name, version, scope); `code` is the spec's field: the hall exchanges WeChat's code in authorise. */
  wechatItemGet: post('/wechat/api/wechatitem/get', z.object({ code: plainText(256).optional() }), stateReply(appItem)),
  /** Authorise: answers newUser/oldUser/refreshUser/noRefresh, or status -1 with WeChat's authorize address. */
  authorize: post(
    '/wechat/api/outh2/authorize',
    z.object({
      code: plainText(256).optional(),
      state: plainText(128).optional(),
      /** The landing address to come back to after WeChat's authorize page. */
      redirect: plainText(2048).optional(),
    }),
    // msg: one of the bootstrap's four answers, or on a refusal (state 0) the reason in words.
    stateReply(z.unknown())
      .extend({ msg: z.string().optional() })
      .refine((reply) => reply.state !== 1 || reply.msg === undefined || (AUTHORIZE_MESSAGES as readonly string[]).includes(reply.msg), { path: ['msg'] }),
  ),
  newUser: post('/wechat/api/wechatuser/newuser', z.object({}), stateReply(hallUser)),
  oldUser: post('/wechat/api/wechatuser/olduser', z.object({}), stateReply(hallUser)),
  /** Refresh the session cookie (rotates it). */
  refreshCookie: post('/wechat/api/outh2/refresh', z.object({}), stateReply(z.unknown())),
  refreshUser: post('/wechat/api/wechatuser/refreshuser', z.object({}), stateReply(hallUser)),
  getWxMenu: apilist(
    'GetWxMenu',
    z.object({ AppRootDomain: plainText(512).optional(), reqseq, AppID: plainText(64).optional() }),
    errcodeReply(z.object({ menus: z.array(menuGroup), banners: z.array(banner) })),
  ),
  getYhxx: apilist('getYhxx', bareRequest.extend({ data: z.object({ appid: plainText(64).optional(), openid: plainText(128).optional() }).optional() }), errcodeReply(hallUser)),
  modsInfo: post('/api/app/modsinfo', z.object({}), stateReply(z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })))),
  pageInfo: post('/api/app/pageinfo', z.object({ path: plainText(512).optional() }), stateReply(z.object({ path: z.string(), title: z.string() }).array())),
  appInfo: get('/api/app/appinfo', z.object({}), stateReply(appInfo)),
} as const;
