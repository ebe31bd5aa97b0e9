import { SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME, SIDEBAR_SHORTCUT_KEY } from "../../lib/ui-constants";

/**
 * The cookie stores whether the sidebar is expanded ("true") or collapsed ("false"), the same convention as
 * the shadcn sidebar the product was modelled on, so an existing cookie keeps its meaning.
 */
export function readSidebarExpanded(cookie: string): boolean | null {
  for (const part of cookie.split(";")) {
    const [rawName, ...rest] = part.split("=");
    if (rawName?.trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = rest.join("=").trim();
    if (value === "true") return true;
    if (value === "false") return false;
    return null;
  }
  return null;
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

export interface ShortcutEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** Ctrl+B on Windows/Linux, Cmd+B on macOS (SPEC 9); other modifiers leave the browser's own shortcuts alone. */
export function isSidebarShortcut(e: ShortcutEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY;
}
