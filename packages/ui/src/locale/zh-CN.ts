import { ALERT_TITLE, DIALOG_CANCEL_TEXT, DIALOG_CONFIRM_TEXT, LOADING_TEXT, SMS_RESEND_TEXT, WARNING_TITLE } from '../constants';

/**
 * Every text the kit shows, in one place. `${name}` marks a value filled in by `formatMessage`.
 * Texts the specification fixes come from @hall/domain, so a screen and the kit say the same.
 * Record states, form messages and step titles are rules of the domain and are read from there.
 */
export const zhCN = {
  common: {
    confirm: DIALOG_CONFIRM_TEXT,
    cancel: DIALOG_CANCEL_TEXT,
    loading: LOADING_TEXT,
    alertTitle: ALERT_TITLE,
    warningTitle: WARNING_TITLE,
  },
  bannerCarousel: {
    label: '轮播图',
    slide: '第${index}张，共${total}张',
    dot: '显示第${index}张',
  },
  countdownButton: {
    idle: '获取验证码',
    sending: '发送中',
    counting: '${seconds}秒后重新获取',
    resend: SMS_RESEND_TEXT,
  },
  pager: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
    page: '第${page}页',
    ellipsis: '更多页码',
    summary: '第${page}页，共${pages}页',
  },
  emptyState: {
    description: '暂无数据',
  },
  materialPictures: {
    open: '查看${name}第${index}张',
    picture: '${name}第${index}张',
    remove: '删除${name}第${index}张',
    add: '上传${name}',
    close: '关闭',
  },
  loadState: {
    loading: LOADING_TEXT,
    retry: '重新加载',
  },
  listPage: {
    searchPlaceholder: '请输入关键字搜索',
    searchLabel: '搜索',
    listLabel: '${title}列表',
  },
  pageShell: {
    back: '返回',
    refresh: '刷新',
  },
  applySteps: {
    label: '办理进度',
  },
} as const;

/** The shape of a catalogue: the same keys as zh-CN, any text. */
export type Messages = {
  readonly [Group in keyof typeof zhCN]: { readonly [Key in keyof (typeof zhCN)[Group]]: string };
};
