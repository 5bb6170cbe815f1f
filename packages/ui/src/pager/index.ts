export { Pager, type PagerProps } from './pager';
export { clampPage, pageCount, pageSlice, pagerItems, type PagerItem } from './pager-items';
