/**
 * The kit's default values, merged once here. Every number is the specification's: how a screen
 * looks and moves comes from the kit's constants, a limit the server enforces too (the code
 * countdown, the page size) from @hall/domain's; components take each as a prop that defaults to
 * the value below.
 */
import { PAGER_PAGE_SIZE, SMS_COUNTDOWN_SECONDS } from '@hall/domain/constants';
import { BANNER_DURATION_MS, BANNER_HEIGHT_PX, BANNER_INTERVAL_MS, BANNER_SWIPE_THRESHOLD_PX, ERROR_TOAST_DURATION_MS, HOME_BANNER_HEIGHT_PX, PAGER_MAX_PAGE_BUTTONS } from './constants';

export const defaults = {
  /** Banner carousel (spec part 1 §9): looping, automatic. */
  banner: {
    interval: BANNER_INTERVAL_MS,
    threshold: BANNER_SWIPE_THRESHOLD_PX,
    /** Slide animation: the track's CSS transition lasts exactly this long. */
    duration: BANNER_DURATION_MS,
    height: BANNER_HEIGHT_PX,
    homeHeight: HOME_BANNER_HEIGHT_PX,
  },
  /** SMS code button (spec part 1 §4, §9; part 3 §4). */
  countdownSeconds: SMS_COUNTDOWN_SECONDS,
  /** Guide and list pagers (spec part 1 §9). */
  pager: {
    pageSize: PAGER_PAGE_SIZE,
    maxPageButtons: PAGER_MAX_PAGE_BUTTONS,
  },
  /** A generic input error shows in a toast this long (spec part 3 §5). */
  errorToastMs: ERROR_TOAST_DURATION_MS,
} as const;
