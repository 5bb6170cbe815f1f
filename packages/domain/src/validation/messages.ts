/** The Chinese messages of the validation rules, keyed by rule; templates are functions of the part that varies. */
import { DATE_YEAR_MAX, DATE_YEAR_MIN, FEEDBACK_MAX_LENGTH, SHARE_MAX, SHARE_MIN } from '../constants';

/** Shortest password (part 1 §5: placeholder 6位以上的数字和字母). */
export const PASSWORD_MIN_LENGTH = 6;

/** Title of the phone-code failure dialog (part 3 §5). */
export const PHONE_CODE_FAILURE_TITLE = '校验失败';

export const VALIDATION_MESSAGES = {
  // Profile and real-name (part 1 §5).
  profileIncomplete: '请先填写姓名、手机号、身份证号码',
  profileIdLength: '请确认身份证号码位数是否正确!',
  profileMobile: '请确认手机号码是否正确!',
  profileIdFormat: '请检查身份证号码是否正确!',
  /** Not worded by the spec: the confirm dialog's placeholder made into a rule. */
  password: '密码须为6位以上的数字和字母',
  /** The spec's words, though the rule checks name and ID number. */
  realNameIncomplete: '请先填写姓名和手机号',

  // Feedback (part 1 §5).
  feedbackEmpty: '信息未填写完整，请补充完整',
  /** Not worded by the spec. */
  feedbackTooLong: `反馈内容不能超过${FEEDBACK_MAX_LENGTH}个字`,

  // Certificate and electronic-licence query (part 1 §5).
  queryIncomplete: '请填入内容',
  queryName: '没有输入姓名!',
  queryIdNumber: '身份证格式有误!',
  queryCertificateNumber: '请输入权证号!',

  // Signature-verification upload (part 1 §5).
  uploadPdfOnly: '只能上传pdf文件',
  /** The same rule once the hall also verifies OFD e-licences (HALL_VERIFY_OFD): the message names both. */
  uploadPdfOrOfdOnly: '只能上传pdf或ofd文件',
  uploadTooLarge: '文件大小不超过500M',

  // Appointment form (part 3 §5).
  appointmentArea: '办理地点不能为空',
  appointmentProcess: '办理业务不能为空',
  appointmentDate: '办理日期不能为空',
  appointmentTime: '办理时间不能为空',
  slotFull: '该时间段预约已满，请选择其他时间段！',
  alreadyBooked: '您已预约，不能重复预约！',

  // Phone-code search (part 3 §5).
  phoneCode: '请输入动态验证码',
  phoneNumber: '请输入正确的手机号',

  // Property query (part 3 §5): the spec only paraphrases these two.
  propertyQueryNumber: '请输入不动产权证号或原证号',
  /** The same words as the real-name rule, which the spec's paraphrase ("fill name and phone first") matches. */
  propertyQueryProfile: '请先填写姓名和手机号',

  // Applicant (part 2 §5, part 3 §5).
  applicantName: '姓名不能为空',
  companyName: '公司名称不能为空',
  applicantContact: '联系方式不能为空',
  applicantIdNumber: '请输入合法的证件号码',
  applicantIdRequired: '证件号码不能为空',
  companyIdRequired: '证件号不能为空',
  applicantAddress: '联系地址不能为空',
  agentIdNumber: '代理人身份证号有误!',
  /** Not worded by the spec. */
  agentPhone: '代理人联系电话有误!',
  /** Not worded by the spec. */
  legalRepresentativePhone: '法定代表人联系电话有误!',
  /** Not worded by the spec: a by-share (按份共有) holder needs a share. */
  shareRequired: '请填写共有份额',
  /** Not worded by the spec. */
  shareRange: `共有份额须为${SHARE_MIN}到${SHARE_MAX}之间的数字`,
  signUnsaved: '请先保存用户信息',

  // Rights information (part 2 §2, §5; part 3 §5); the spec gives no wording for these.
  cancellationCertificate: '不动产权证号不能为空',
  landUseStart: '土地使用起始日期不能为空',
  landUseEnd: '土地使用结束日期不能为空',
  landUseOrder: '土地使用结束日期不能早于起始日期',
  claimStart: '债权起始日期不能为空',
  claimEnd: '债权结束日期不能为空',
  claimOrder: '债权结束日期不能早于起始日期',
  mortgageMethod: '抵押方式不能为空',
  securedPrincipal: '被担保主债权数额不能为空',
  maximumClaim: '最高债权数额不能为空',
  holdingMethod: '持证方式不能为空',
  certificateCount: '发证方式不能为空',
  transactionAmount: '交易金额不能为空',

  // Templates for a named field (property form and the amounts and dates above).
  fieldRequired: (label: string) => `${label}不能为空`,
  fieldNumeric: (label: string) => `${label}须为数字`,
  fieldDate: (label: string) => `${label}须为${DATE_YEAR_MIN}年至${DATE_YEAR_MAX}年之间的日期`,

  // Materials (part 2 §8, part 3 §8): the space after 」 is the spec's.
  materialMissing: (name: string) => `「${name}」 附件不可为空`,

  // Generic inputs (part 3 §5).
  required: '必填哦',
  minLength: (n: number) => `至少输入${n}个字符`,
  maxLength: (n: number) => `最多输入${n}个字符`,
  mismatch: '输入不一致',
  datetimeRequired: '必填',
} as const;
