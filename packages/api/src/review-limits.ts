/** The longest review opinion the hall keeps, and what the operator is told past it. */
export const REVIEW_OPINION_MAX_LENGTH = 500;
export const REVIEW_OPINION_TOO_LONG = `审核意见不能超过${REVIEW_OPINION_MAX_LENGTH}字`;
/** A rejection without an opinion: the applicant must learn what to fix. */
export const REVIEW_OPINION_REQUIRED = '请填写驳回意见，告诉申请人需要修改什么';
/** The most applications one page of a review queue holds, and the size of a page unless asked otherwise. */
export const REVIEW_QUEUE_PAGE_MAX = 500;
/** The page the console shows at a time, with 加载更多 for the next. */
export const REVIEW_QUEUE_PAGE = 50;
