/** Limits and messages of the console's feedback inbox and query fulfilment, shared by the server and the admin shell. */

/** The longest reply to a citizen's feedback the hall keeps (the citizen's side reads it on a phone). */
export const FEEDBACK_REPLY_MAX_LENGTH = 500;
export const FEEDBACK_REPLY_REQUIRED = '请填写回复内容';
export const FEEDBACK_REPLY_TOO_LONG = `回复内容不能超过${FEEDBACK_REPLY_MAX_LENGTH}字，请精简后再提交`;
/** A reply is final: the citizen may already have read it, so a second one would change what they saw. */
export const FEEDBACK_ALREADY_REPLIED = '该反馈已由其他工作人员回复，不能重复回复，请刷新后查看';

/** The largest PDF an operator may upload as a query's answer. */
export const FULFILMENT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const FULFILMENT_UPLOAD_NOT_PDF = '只能上传PDF文件，请选择证明的PDF文件后重新上传';
export const FULFILMENT_UPLOAD_TOO_LARGE = `文件不能超过${FULFILMENT_UPLOAD_MAX_BYTES / 1024 / 1024}MB，请压缩后重新上传`;
export const FULFILMENT_UPLOAD_MISSING = '请选择要上传的PDF文件';
/** An uploaded PDF the hall cannot read whole within its caps: cut short, encrypted, garbage, a decompression bomb. */
export const UPLOADED_PDF_UNREADABLE = '该PDF文件无法读取或已损坏，请确认文件能正常打开后重新上传';
export const FULFILMENT_UPLOAD_UNREADABLE = UPLOADED_PDF_UNREADABLE;
/** Another operator (or the registry) answered first. */
export const FULFILMENT_ALREADY_ANSWERED = '该查询已处理，不能重复答复，请刷新后查看';
export const FULFILMENT_WRONG_ANSWER = '该类查询不能这样答复，请刷新后重试';
export const FULFILMENT_FIELD_REQUIRED = '请填写完整的证书信息（证号、单元号、坐落、用途、面积）';
export const FULFILMENT_PROPERTIES_REQUIRED = '请至少填写一条不动产登记记录，或选择“未查到”';

/**
 * The console's long lists (review queue, feedback, fulfilment, articles …) as tables: the page sizes an
 * operator may choose, the first the default, and the two orders of a sorted column.
 */
export const LIST_PAGE_SIZES = [20, 50, 100] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const LIST_PAGE_SIZE_INVALID = `每页条数只能是${LIST_PAGE_SIZES.join('、')}，请重新选择`;
export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const LIST_ORDER_INVALID = '排序方式只能是升序或降序，请重新选择';
export const LIST_SORT_INVALID = '该列不能排序，请选择其他列';

/** The inbox's columns that sort on the server (listInboxFeedback). */
export const FEEDBACK_INBOX_SORTS = ['submittedAt', 'repliedAt', 'status'] as const;
/** 今日预约's columns that sort on the server (getCounterDay). */
export const COUNTER_DAY_SORTS = ['timeName', 'name', 'processName', 'state'] as const;
/** 今日预约's state filter: 待到场, 已到场, 未到. */
export const COUNTER_DAY_STATES = ['waiting', 'arrived', 'no_show'] as const;
export const COUNTER_DAY_STATE_INVALID = '预约状态只能是待到场、已到场或未到，请重新选择';
/** 操作日志's columns that sort on the server (listAuditTrail). */
export const AUDIT_TRAIL_SORTS = ['at', 'operatorName', 'action'] as const;
/** 查询办理's columns that sort on the server (listFulfilmentQueue). */
export const FULFILMENT_QUEUE_SORTS = ['askedAt', 'kind'] as const;
/** The four kinds of query 查询办理 answers, by name (listFulfilmentQueue kind), as the console names them. */
export const FULFILMENT_KIND_LABELS = {
  zs: '不动产权证书查询',
  dzzz: '电子证照查询',
  archive: '查档证明',
  property: '不动产信息查询',
} as const;

/** 好差评 follow-ups (整改): the answer's length, and a page of the console's list. */
export const RATING_FOLLOW_UP_ANSWER_MAX_LENGTH = 500;
export const RATING_FOLLOW_UP_PAGE_SIZE = 20;
