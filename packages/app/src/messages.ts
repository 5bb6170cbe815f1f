/** The wording both apps use when something could not be loaded or sent; written once so it cannot drift. */

/** Said when a request could not be made or answered in a readable way. */
export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';

/** The heading of a screen that could not load; the reason follows it. */
export const LOAD_FAILED = '加载失败';

/** Said when a read failed and the server gave no message of its own. */
export const LOAD_FAILED_TRY_LATER = '加载失败，请稍后重试';

/** Said where an application asked for is not there (unknown, or another citizen's). */
export const APPLICATION_NOT_FOUND = '未找到该申请';

/** Said where an applicant asked for is not on the application. */
export const APPLICANT_NOT_FOUND = '未找到该申请人';

/** The hall's messages are Chinese; anything else (a library's English error) is not for the citizen. */
const CHINESE = /[\u4e00-\u9fa5]/;

/** The error's own message when it is one of the hall's, else the network message. */
export function readableMessage(error: unknown, fallback: string = NETWORK_ERROR): string {
  return error instanceof Error && CHINESE.test(error.message) ? error.message : fallback;
}
