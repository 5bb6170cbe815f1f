/** Messages and addresses of the contract the apps use at run time; plain code, no schemas. */

/** What a read answers when there is nothing to show (spec part 1 §8: 查询无数据). */
export const NO_DATA_MESSAGE = '查询无数据';

/** The empty message of the article lists; the app shows errmsg as the empty row (spec part 1 §7). */
export const EMPTY_LIST_MESSAGE = '暂无相关数据';

/** Article types: article (news centre), bszn (handling guide), xxgs (announcements), laws, tzgg (notices). */
export const ARTICLE_TYPES = ['article', 'bszn', 'xxgs', 'laws', 'tzgg'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** The app's article page for one article. */
export function articleHref(id: string, type: ArticleType): string {
  return `/articlecontent?id=${encodeURIComponent(id)}&type=${encodeURIComponent(type)}`;
}

/** Success message of the signature upload (spec part 1 §8). */
export const SIGNATURE_UPLOAD_SUCCESS = '文件上传成功，查看历史记录验签信息';

/** The preview address of a licence or certificate PDF, and of an uploaded file (spec part 1 §7). */
export function licencePreviewPath(id: string | number): string {
  return `/online/public/dzzz/signature/preview?id=${encodeURIComponent(String(id))}`;
}
export function verificationPreviewPath(id: string | number): string {
  return `/online/public/dzzz/verification/preview?id=${encodeURIComponent(String(id))}`;
}
/** Where the 受理回执 of an application opens (the PDF viewer and the download links take this path). */
export function applicationReceiptPath(slsqId: string | number): string {
  return `/online/public/apply/receipt?slsqId=${encodeURIComponent(String(slsqId))}`;
}
/** The hall's PDF viewer for a preview address (spec part 1 §7). */
export function pdfViewerHref(previewPath: string): string {
  return `/online/assets/pdf/web/viewer.html?file=${encodeURIComponent(previewPath)}`;
}

/**
 * Why an enterprise business (yhlx 1) is refused for an individual account (spec part 2 §4, §8): only
 * personal business is allowed, and an enterprise account must first be registered on the online
 * registration platform. The app alerts it when the business is tapped; getApplyCode answers it too.
 */
export const ENTERPRISE_BUSINESS_REFUSED = '当前账号只能办理个人业务，企业业务请先在网上登记平台注册企业账号';
