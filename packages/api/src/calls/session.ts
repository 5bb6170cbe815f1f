import { z } from 'zod';
import { defineCall } from '../define-call';
import { errcodeReply, stateReply } from '../envelopes';
import { reqseq, plainText } from '../common';

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

export const appItem = z.object({
  appid: z.string(),
  appname: z.string(),
  version: z.string(),
  /** snsapi_base or snsapi_userinfo. */
  scope: z.string(),
});

export const appInfo = z.object({
  appid: z.string(),
  appname: z.string(),
  version: z.string(),
  /** The district code of this hall. */
  xzqdm: z.string(),
  /** The region the application flow's region choice opens on (HALL_APPLY_XZQDM); absent, the spec's 659000. */
  applyXzqdm: z.string().optional(),
  syscode: z.string(),
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
  /** Loads the app item; with `code` (back from WeChat) the code is exchanged here too. */
  wechatItemGet: defineCall({
    method: 'POST',
    path: '/wechat/api/wechatitem/get',
    body: z.object({ code: plainText(256).optional() }),
    reply: stateReply(appItem),
  }),
  /** Authorise: answers newUser/oldUser/refreshUser/noRefresh, or status -1 with WeChat's authorize address. */
  authorize: defineCall({
    method: 'POST',
    path: '/wechat/api/outh2/authorize',
    body: z.object({
      code: plainText(256).optional(),
      state: plainText(128).optional(),
      /** The landing address to come back to after WeChat's authorize page. */
      redirect: plainText(2048).optional(),
    }),
    // msg: one of the bootstrap's four answers, or on a refusal (state 0) the reason in words.
    reply: stateReply(z.unknown())
      .extend({ msg: z.string().optional() })
      .refine((reply) => reply.state !== 1 || reply.msg === undefined || (AUTHORIZE_MESSAGES as readonly string[]).includes(reply.msg), { path: ['msg'] }),
  }),
  newUser: defineCall({
    method: 'POST',
    path: '/wechat/api/wechatuser/newuser',
    body: z.object({}),
    reply: stateReply(hallUser),
  }),
  oldUser: defineCall({
    method: 'POST',
    path: '/wechat/api/wechatuser/olduser',
    body: z.object({}),
    reply: stateReply(hallUser),
  }),
  /** Refresh the session cookie (rotates it). */
  refreshCookie: defineCall({
    method: 'POST',
    path: '/wechat/api/outh2/refresh',
    body: z.object({}),
    reply: stateReply(z.unknown()),
  }),
  refreshUser: defineCall({
    method: 'POST',
    path: '/wechat/api/wechatuser/refreshuser',
    body: z.object({}),
    reply: stateReply(hallUser),
  }),
  getWxMenu: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/GetWxMenu',
    body: z.object({ AppRootDomain: plainText(512).optional(), reqseq, AppID: plainText(64).optional() }),
    reply: errcodeReply(z.object({ menus: z.array(menuGroup), banners: z.array(banner) })),
  }),
  getYhxx: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/getYhxx',
    body: z.object({ reqseq, data: z.object({ appid: plainText(64).optional(), openid: plainText(128).optional() }).optional() }),
    reply: errcodeReply(hallUser),
  }),
  modsInfo: defineCall({
    method: 'POST',
    path: '/api/app/modsinfo',
    body: z.object({}),
    reply: stateReply(z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() }))),
  }),
  pageInfo: defineCall({
    method: 'POST',
    path: '/api/app/pageinfo',
    body: z.object({ path: plainText(512).optional() }),
    reply: stateReply(z.object({ path: z.string(), title: z.string() }).array()),
  }),
  appInfo: defineCall({
    method: 'GET',
    path: '/api/app/appinfo',
    body: z.object({}),
    reply: stateReply(appInfo),
  }),
} as const;
