/**
 * Console-only sizes and timings (SPEC 9's UI values): the server never reads them, so they live in src/ rather
 * than in contract/.
 */
export const MOBILE_BREAKPOINT_PX = 768;
/** 16rem cut "Communication Channels" and "Sub-Account Management" at 1440 px; labels also wrap (styles.css). */
export const SIDEBAR_WIDTH = "17.5rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_COLLAPSED = "3rem";
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;
export const SIDEBAR_SHORTCUT_KEY = "b";

export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const TOAST_OFFSET_PX = 32;
/** Empty room below a page's content, taller than a toast with a description: the last row scrolls clear of it. */
export const TOAST_RESERVE_PX = 104;

/** The header's height: alerts at the top right start below it, so they never cover its controls. */
export const HEADER_HEIGHT_PX = 56;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const NOTIFICATION_PANEL_SCROLL_PX = 400;
export const NOTIFICATION_SHEET_PX = 800;
