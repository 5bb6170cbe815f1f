/**
 * The archive query (查档证明, records certificate) and the registration property query
 * (spec part 3 §2.7–§2.9, §4, §8): titles, messages and the step order of an archive request.
 */

/** Page titles: the request page, its records list and the certificate page. */
export const ARCHIVE_QUERY_TITLES = {
  request: '查档证明',
  records: '证明申请记录',
  certificate: '查档证明',
  propertyQuery: '不动产权证查询',
} as const;

/**
 * The steps of an archive request, in the order the server enforces them (part 3 §4: phone code
 * check, then face verification, then the record request).
 */
export const ARCHIVE_QUERY_STEPS = ['phoneCode', 'faceCheck', 'request'] as const;
export type ArchiveQueryStep = (typeof ARCHIVE_QUERY_STEPS)[number];

/** A verified phone code opens this long a window for the face check and the request. */
export const ARCHIVE_STEP_LIFETIME_MINUTES = 30;

export const ARCHIVE_QUERY_MESSAGES = {
  /** Part 3 §2.7: shown once the request is recorded. */
  submitted: '结果已提交，请耐心等待',
  /** Part 3 §8: the records list when nothing matches. */
  empty: '没有查到任何相关结果，请核对确认申请单号',
  /** The code checked by the server (getQueryYzm, errcode true). */
  codeChecked: '验证码校验成功',
  /** sentquerycert before a code was checked for this session. */
  codeFirst: '请先获取并输入动态验证码，校验通过后再查询',
  /** sentquerycert after the code but before a passed face check. */
  faceFirst: '请先完成人脸识别认证，认证通过后再提交查档申请',
  /** The checked code's window has passed, or its request was already made. */
  stepExpired: '动态验证码校验已失效，请重新获取验证码',
  /** The phone must be the profile's, which the page shows read-only. */
  phoneNotOwn: '手机号须与个人信息中的手机号一致，请先在个人信息中修改',
  /** Name and ID number must be the profile's. */
  notOwn: '姓名和身份证号须与个人信息一致',
  /** A certificate asked for before the registry returned the request. */
  notReturned: '查档结果尚未返回，请稍后刷新查看',
  /** The certificate's finding when the registry holds nothing for the person. */
  nothingRegistered: '经查询，未发现申请人名下有不动产登记记录。',
  /** The certificate's finding when it lists the person's property. */
  registered: (count: number) => `经查询，申请人名下共有${count}条不动产登记记录，详见下表。`,
} as const;

export const PROPERTY_QUERY_MESSAGES = {
  /** Part 3 §4: any state but 20 is still running. */
  pending: '正在查询中，请稍后重试',
  /** Submitted: the registry answers in the background. */
  submitted: '查询已提交，正在查询',
  notFound: '未查询到该证书信息，请核对后重新查询',
  /** Legacy certificates are typed whole. */
  legacyNumberRequired: '请输入原证号',
  serial: '证号须为1至7位数字',
  year: '请选择年份',
  /** No registry interface is configured, so a lookup that must answer at once cannot. */
  registryUnavailable: '暂时无法联机查询不动产登记信息，请携带身份证件和不动产权证书到登记窗口办理',
} as const;

/** Query type cxfs (part 3 §2.9): 1 the hall's certificate or proof, 2 a legacy certificate. */
export type PropertyQueryType = '1' | '2';
export const PROPERTY_QUERY_TYPE_CERTIFICATE: PropertyQueryType = '1';
export const PROPERTY_QUERY_TYPE_LEGACY: PropertyQueryType = '2';

/** The acceptance number of an archive request: CD, the Shanghai date, the record id to six digits. */
export function archiveAcceptanceNumber(id: number | string, shanghaiDate: string): string {
  return `CD${shanghaiDate.replace(/-/g, '').slice(0, 8)}${String(id).padStart(6, '0')}`;
}
