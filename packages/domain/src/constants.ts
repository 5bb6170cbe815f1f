/**
 * Business constants and limits of the hall (spec part 1 §9, part 2 §9, part 3 §9), one export each,
 * so a screen, the component kit and the server quote the same number. Times are in milliseconds
 * unless the name says seconds, sizes in bytes. How the screens look and move (banner, toast and
 * signature-pad values, dialog texts) is the component kit's: @hall/ui/constants.
 */

// ── Codes and countdowns ──────────────────────────────────────────────────────────────────

/** SMS and phone-code resend countdown (part 1 §4, §9; part 3 §2.7, §4, §9). */
export const SMS_COUNTDOWN_SECONDS = 60;

// ── Lists and paging ──────────────────────────────────────────────────────────────────────

/** Guide, law, announcement and download pagers: items per page; the pager shows only above this (part 1 §9, part 3 §2.19, §9). */
export const PAGER_PAGE_SIZE = 5;
/** Rows the feedback and application lists declare; they are not paged (part 1 §9, part 2 §9). */
export const LIST_PAGE_SIZE = 15;

// ── Dates ─────────────────────────────────────────────────────────────────────────────────

/** Earliest and latest year of the property-form date pickers (part 2 §5, §9). */
export const DATE_YEAR_MIN = 1949;
export const DATE_YEAR_MAX = 2099;
/** Year choices of the certificate query: the current year and nine before (part 3 §2.9, §9). */
export const CERTIFICATE_YEAR_COUNT = 10;

// ── Images, uploads, signatures ───────────────────────────────────────────────────────────

/** Signature rotation must be a multiple of this (part 3 §2.11). */
export const SIGNATURE_ROTATION_STEP_DEGREES = 90;
/**
 * Signature-verification upload limit: 500 MB (500 × 1024 × 1024 bytes). The spec's constant is
 * 512e7 bytes (about 4.8 GiB) while the refusal it shows says 文件大小不超过500M (part 1 §5, §9); the
 * hall enforces what citizens are told, so the message is true and no 4.8 GiB file is ever taken in.
 */
export const UPLOAD_MAX_BYTES = 500 * 1024 * 1024;

// ── Limits of forms ───────────────────────────────────────────────────────────────────────

/** Feedback text (part 1 §2, §5, §9). */
export const FEEDBACK_MAX_LENGTH = 200;
/** Co-ownership share range, in percent (part 2 §3, §5, §9). */
export const SHARE_MIN = 0;
export const SHARE_MAX = 99.99;
/** Map of the service sites (part 3 §2.18, §9). */
export const MAP_ZOOM = 14;

// ── Defaults ──────────────────────────────────────────────────────────────────────────────

/** Version shown by the app (part 1 §9, part 3 §9). */
export const APP_VERSION = '1.0beta';
/** A new applicant: sharing mode "0" (sole), holder flag "1" (yes), category "2" (person) (part 3 §9). */
export const DEFAULT_SHARING_MODE = '0';
export const DEFAULT_HOLDER_FLAG = '1';
export const DEFAULT_APPLICANT_CATEGORY = '2';
/** Default query count (part 3 §9). */
export const DEFAULT_QUERY_COUNT = 2;
