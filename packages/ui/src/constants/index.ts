/**
 * How the hall's screens look and move (spec part 1 §9, part 2 §9, part 3 §9): the sizes, timings
 * and texts the kit and the apps' screens share, one export each. The rules the server enforces too
 * (code countdowns, upload and form limits, page sizes) are @hall/domain's constants. Times are in
 * milliseconds, sizes in CSS pixels.
 */

// ── Codes and countdowns ──────────────────────────────────────────────────────────────────

/** Label of the code button once the countdown has run out (part 1 §4). */
export const SMS_RESEND_TEXT = '重新获取';

// ── Banner carousel ───────────────────────────────────────────────────────────────────────

/** Banner autoplay interval (part 1 §9). */
export const BANNER_INTERVAL_MS = 3000;
/** Swipe distance that turns the banner to the next slide (part 1 §9). */
export const BANNER_SWIPE_THRESHOLD_PX = 50;
/** Banner slide animation (part 1 §9). */
export const BANNER_DURATION_MS = 300;
/** Banner height on list pages (part 1 §9). */
export const BANNER_HEIGHT_PX = 180;
/** Banner height on the hall home `/` (part 1 §2, §9). */
export const HOME_BANNER_HEIGHT_PX = 150;

// ── Pull-refresh and infinite scroll ──────────────────────────────────────────────────────

/** Pull distance that arms a refresh (part 1 §4, §9). */
export const PULL_REFRESH_THRESHOLD_PX = 100;
/** Delay before the next page loads on infinite scroll (part 1 §9). */
export const INFINITE_LOAD_DELAY_MS = 2000;
/** Delay before a pull-refresh reloads (part 1 §9). */
export const REFRESH_DELAY_MS = 300;
/** Swipes shorter than this are ignored (part 1 §9). */
export const MIN_SWIPE_DISTANCE_PX = 100;

// ── Dialogs, toasts, texts ────────────────────────────────────────────────────────────────

/** Certificate query dialog 请填入内容 hides after this (part 1 §5, §9). */
export const QUERY_DIALOG_HIDE_MS = 3000;
/** The same dialog on the electronic-licence query (part 1 §5, §9). */
export const LICENCE_QUERY_DIALOG_HIDE_MS = 1000;
/** Toast duration before a screen sets its own (part 3 §9). */
export const TOAST_INITIAL_DURATION_MS = 800;
/** Toast duration once a screen sets it (part 3 §9). */
export const TOAST_DURATION_MS = 1800;
/** Toast duration of the other part of the app (part 3 §9: "another part: 2000 ms"). */
export const TOAST_ALTERNATE_DURATION_MS = 2000;
/** Toast of a generic input error (part 3 §5). */
export const ERROR_TOAST_DURATION_MS = 600;
/** Loading indicator text (part 1 §9, part 3 §9). */
export const LOADING_TEXT = '加载中';
/** Default dialog buttons (part 3 §9). */
export const DIALOG_CANCEL_TEXT = '取消';
export const DIALOG_CONFIRM_TEXT = '确定';
/** Alert titles (part 1 §8, part 2 §8, part 3 §5, §8). */
export const ALERT_TITLE = '提示';
export const WARNING_TITLE = '警告';

// ── Lists and paging ──────────────────────────────────────────────────────────────────────

/** Page buttons collapse with ellipses beyond this many pages (part 1 §9). */
export const PAGER_MAX_PAGE_BUTTONS = 5;
/** Bottom padding of the application list (part 2 §9). */
export const LIST_BOTTOM_PADDING_PX = 50;
/** Lazy images start loading this far before they scroll into view (part 3 §9). */
export const LAZY_IMAGE_OFFSET_PX = 100;

// ── Dates ─────────────────────────────────────────────────────────────────────────────────

/** Datetime picker default format and hour range (part 3 §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_HOUR_MIN = 0;
export const DATETIME_HOUR_MAX = 23;

// ── Images, uploads, signatures ───────────────────────────────────────────────────────────

/** Images one pick may choose, from album or camera (part 2 §2, §9; part 3 §9). */
export const IMAGES_PER_PICK = 9;
/** Compression ratio of uploaded pictures (part 2 §7, §9; part 3 §7, §9). */
export const IMAGE_COMPRESSION_RATIO = 0.3;
/** Material thumbnails are square, this wide and high (part 2 §2, §9). */
export const THUMBNAIL_SIZE_PX = 78;
/** Hand-signature canvas (part 3 §2.11, §9). */
export const SIGNATURE_CANVAS_WIDTH_PX = 350;
export const SIGNATURE_CANVAS_HEIGHT_PX = 400;
/** Hand-signature stroke: black, width 4, round joins (part 3 §2.11, §9). */
export const SIGNATURE_STROKE_WIDTH_PX = 4;
export const SIGNATURE_STROKE_COLOR = '#000000';
export const SIGNATURE_LINE_JOIN = 'round';
/** Picture preview (part 3 §9). */
export const PICTURE_PREVIEW_WIDTH_PX = 800;
export const PICTURE_PREVIEW_HEIGHT_PX = 400;
/** Face-verification QR and print image, square (part 3 §9). */
export const QR_IMAGE_SIZE_PX = 120;
/** Statement previews show their save button after this (part 3 §2.14, §9). */
export const PREVIEW_BUTTON_DELAY_MS = 2000;
