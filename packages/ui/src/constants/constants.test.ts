import { describe, expect, it } from 'vitest';
import * as constants from '.';

const TABLE: [keyof typeof constants, unknown][] = [
  // Codes and countdowns.
  ['SMS_RESEND_TEXT', '重新获取'],
  // Banner.
  ['BANNER_INTERVAL_MS', 3000],
  ['BANNER_SWIPE_THRESHOLD_PX', 50],
  ['BANNER_DURATION_MS', 300],
  ['BANNER_HEIGHT_PX', 180],
  ['HOME_BANNER_HEIGHT_PX', 150],
  // Pull-refresh and infinite scroll.
  ['PULL_REFRESH_THRESHOLD_PX', 100],
  ['INFINITE_LOAD_DELAY_MS', 2000],
  ['REFRESH_DELAY_MS', 300],
  ['MIN_SWIPE_DISTANCE_PX', 100],
  // Dialogs, toasts, texts.
  ['QUERY_DIALOG_HIDE_MS', 3000],
  ['LICENCE_QUERY_DIALOG_HIDE_MS', 1000],
  ['TOAST_INITIAL_DURATION_MS', 800],
  ['TOAST_DURATION_MS', 1800],
  ['TOAST_ALTERNATE_DURATION_MS', 2000],
  ['ERROR_TOAST_DURATION_MS', 600],
  ['LOADING_TEXT', '加载中'],
  ['DIALOG_CANCEL_TEXT', '取消'],
  ['DIALOG_CONFIRM_TEXT', '确定'],
  ['ALERT_TITLE', '提示'],
  ['WARNING_TITLE', '警告'],
  // Lists and paging.
  ['PAGER_MAX_PAGE_BUTTONS', 5],
  ['LIST_BOTTOM_PADDING_PX', 50],
  ['LAZY_IMAGE_OFFSET_PX', 100],
  // Dates.
  ['DATE_FORMAT', 'YYYY-MM-DD'],
  ['DATETIME_HOUR_MIN', 0],
  ['DATETIME_HOUR_MAX', 23],
  // Images, uploads, signatures.
  ['IMAGES_PER_PICK', 9],
  ['IMAGE_COMPRESSION_RATIO', 0.3],
  ['THUMBNAIL_SIZE_PX', 78],
  ['SIGNATURE_CANVAS_WIDTH_PX', 350],
  ['SIGNATURE_CANVAS_HEIGHT_PX', 400],
  ['SIGNATURE_STROKE_WIDTH_PX', 4],
  ['SIGNATURE_STROKE_COLOR', '#000000'],
  ['SIGNATURE_LINE_JOIN', 'round'],
  ['PICTURE_PREVIEW_WIDTH_PX', 800],
  ['PICTURE_PREVIEW_HEIGHT_PX', 400],
  ['QR_IMAGE_SIZE_PX', 120],
  ['PREVIEW_BUTTON_DELAY_MS', 2000],
];

describe('business constants of §9', () => {
  it.each(TABLE)('%s is %j', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('the table above covers every export, so no constant goes unchecked', () => {
    expect(Object.keys(constants).sort()).toEqual(TABLE.map(([name]) => name).sort());
  });
});
