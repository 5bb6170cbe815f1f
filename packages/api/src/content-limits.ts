import type { ARTICLE_TYPES } from './messages';

/** Names, limits and messages of the console's content management, shared by the server and the admin shell. */

export const ARTICLE_TYPE_NAMES: Record<(typeof ARTICLE_TYPES)[number], string> = {
  article: '新闻动态',
  bszn: '办事指南',
  xxgs: '信息公示',
  laws: '法律法规',
  tzgg: '通知公告',
};

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const CONSOLE_ARTICLE_TITLE_MAX_LENGTH = 200;
/** The longest article HTML the hall keeps (inline images included). */
export const CONSOLE_ARTICLE_CONTENT_MAX_LENGTH = 2_000_000;
export const CONSOLE_ARTICLE_PAGE_SIZE = 20;
/** 文章管理's columns that sort on the server (listConsoleArticles). */
export const CONSOLE_ARTICLE_SORTS = ['title', 'publishedAt', 'updatedAt'] as const;
export const CONSOLE_ARTICLE_TITLE_REQUIRED = '请填写标题';
export const CONSOLE_ARTICLE_TITLE_TOO_LONG = `标题不能超过${CONSOLE_ARTICLE_TITLE_MAX_LENGTH}个字，请精简后再保存`;
export const CONSOLE_ARTICLE_CONTENT_REQUIRED = '请填写正文（只含脚本等不安全内容的正文会被清除）';
export const CONSOLE_ARTICLE_CONTENT_TOO_LONG = '正文过长，请删减内容或缩小图片后再保存';
/** Someone else saved the article after this operator opened it. */
export const CONSOLE_ARTICLE_CHANGED = '该文章已被其他人修改，请复制您的修改后刷新页面再保存';

/** The largest banner image the hall keeps (it is shown on phones over mobile data). */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_IMAGE_NOT_IMAGE = '只能上传PNG、JPG、GIF或WebP格式的图片，请重新选择';
export const BANNER_IMAGE_TOO_LARGE = `图片不能超过${BANNER_IMAGE_MAX_BYTES / 1024 / 1024}MB，请压缩后重新上传`;
export const BANNER_IMAGE_MISSING = '请选择要上传的图片';
/** The largest picture an article may carry (citizens read articles on phones over mobile data). */
export const ARTICLE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const ARTICLE_PICTURE_TOO_LARGE = `图片不能超过${ARTICLE_PICTURE_MAX_BYTES / 1024 / 1024}MB，请压缩后重新插入`;
export const BANNER_TITLE_MAX_LENGTH = 50;
export const BANNER_TITLE_REQUIRED = '请填写轮播图标题';
export const BANNER_TITLE_TOO_LONG = `轮播图标题不能超过${BANNER_TITLE_MAX_LENGTH}个字`;
export const CONTENT_LINK_INVALID = '链接须为本应用的页面路径（以 / 开头）或以 http:// 、https:// 开头的网址，请检查后重新填写';
/** An order that does not name exactly the items of the list (one was added or removed meanwhile). */
export const CONTENT_ORDER_STALE = '列表已被其他人修改，请刷新后重新调整顺序';

export const MENU_NAME_MAX_LENGTH = 20;
export const MENU_REMARK_MAX_LENGTH = 40;
export const MENU_NAME_REQUIRED = '请填写菜单名称';
export const MENU_NAME_TOO_LONG = `菜单名称不能超过${MENU_NAME_MAX_LENGTH}个字`;
export const MENU_REMARK_TOO_LONG = `备注不能超过${MENU_REMARK_MAX_LENGTH}个字`;
export const MENU_ICON_INVALID = '图标须为本站图标地址（以 /online/ 开头）或以 https:// 开头的图片地址';
export const MENU_GROUP_MISSING = '所选分组不存在，请刷新后重新选择';
export const MENU_GROUP_NOT_EMPTY = '该分组下还有菜单，请先删除或移走这些菜单后再删除分组';
export const MENU_TILE_NEEDS_LINK = '请填写菜单的链接或页面路径';

export const QUESTION_MAX_LENGTH = 200;
export const ANSWER_MAX_LENGTH = 2000;
export const QUESTION_REQUIRED = '请填写问题';
export const QUESTION_TOO_LONG = `问题不能超过${QUESTION_MAX_LENGTH}个字`;
export const ANSWER_REQUIRED = '请填写解答';
export const ANSWER_TOO_LONG = `解答不能超过${ANSWER_MAX_LENGTH}个字，请精简后再保存`;

export const CONTACT_LINE_MAX_LENGTH = 100;
export const CONTACT_MAX_LINES = 20;
export const CONTACT_REQUIRED = '请至少填写一行联系方式';
export const CONTACT_LINE_INVALID = `每行联系方式不能超过${CONTACT_LINE_MAX_LENGTH}个字，且不能含逗号（逗号用于分行），最多${CONTACT_MAX_LINES}行`;

export const MAP_TILE_URL_INVALID = '瓦片地址须以 https:// 开头，并包含 {z}、{x}、{y} 三处占位；不使用地图请留空';
export const MAP_ATTRIBUTION_MAX_LENGTH = 200;
export const MAP_ATTRIBUTION_TOO_LONG = `地图版权说明不能超过${MAP_ATTRIBUTION_MAX_LENGTH}个字`;

export const SITE_ADDRESS_MAX_LENGTH = 200;
export const SITE_WORKTIME_MAX_LENGTH = 100;
export const SITE_ADDRESS_TOO_LONG = `地址不能超过${SITE_ADDRESS_MAX_LENGTH}个字`;
export const SITE_WORKTIME_TOO_LONG = `办公时间不能超过${SITE_WORKTIME_MAX_LENGTH}个字`;
export const SITE_PHONE_INVALID = '电话只能填写数字、短横线、空格和括号，多个号码用顿号或分号隔开，最多40个字符';
export const SITE_COORDINATES_INVALID = '坐标须同时填写纬度（-90 至 90）和经度（-180 至 180）的小数，或都不填';

/** The largest form a citizen downloads that the hall keeps. */
export const DOWNLOAD_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const DOWNLOAD_FILE_TOO_LARGE = `文件不能超过${DOWNLOAD_FILE_MAX_BYTES / 1024 / 1024}MB，请压缩后重新上传`;
export const DOWNLOAD_FILE_NOT_ALLOWED = '只能上传PDF、Word（doc、docx）或Excel（xls、xlsx）文件，且文件内容须与扩展名相符，请重新选择';
export const DOWNLOAD_FILE_MISSING = '请选择要上传的文件';
export const DOWNLOAD_FILE_NAME_TAKEN = '已有同名文件，请改名后重新上传，或对原文件使用“替换”';
export const DOWNLOAD_ALIAS_MAX_LENGTH = 100;
export const DOWNLOAD_ALIAS_REQUIRED = '请填写文件标题';
export const DOWNLOAD_ALIAS_TOO_LONG = `文件标题不能超过${DOWNLOAD_ALIAS_MAX_LENGTH}个字`;

export const GUIDE_TITLE_MAX_LENGTH = 100;
export const GUIDE_TITLE_REQUIRED = '请填写办事指南标题';
export const GUIDE_TITLE_TOO_LONG = `办事指南标题不能超过${GUIDE_TITLE_MAX_LENGTH}个字`;
export const GUIDE_CONTENT_REQUIRED = '请填写办事指南正文';
export const MATERIAL_NAME_MAX_LENGTH = 60;
/** A material's hint at 资料上传: a sentence or two a citizen reads on a phone. */
export const MATERIAL_HINT_MAX_LENGTH = 200;
export const MATERIAL_HINT_TOO_LONG = `材料的上传提示不能超过${MATERIAL_HINT_MAX_LENGTH}个字，请精简后再保存`;
/** A sample picture's address that is not a picture uploaded here (what the upload answered). */
export const MATERIAL_SAMPLE_INVALID = '示例图片无效，请点击“上传示例图片”重新上传';
export const MATERIALS_MAX = 40;
export const MATERIALS_INVALID = `材料名称须填写、不能重复、每项不超过${MATERIAL_NAME_MAX_LENGTH}个字，最多${MATERIALS_MAX}项`;
