import type { HallContext } from '../../context';

export const APP_NAME = '不动产登记网上办事大厅';
export const APP_VERSION = '1.0beta';

/** The app info both apps load at start (the citizen app's appInfo, the console's admin info). */
export function appInfoOf(hall: HallContext) {
  return {
    appid: hall.wechat.appid,
    appname: APP_NAME,
    version: APP_VERSION,
    xzqdm: hall.env.HALL_XZQDM,
    applyXzqdm: hall.env.HALL_APPLY_XZQDM,
    syscode: 'sys_wx',
    verifyOfd: hall.env.HALL_VERIFY_OFD === 'true',
  };
}
