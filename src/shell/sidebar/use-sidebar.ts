import { useCallback, useEffect, useState } from "react";
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from "./sidebar-state";
import { useIsMobile } from "./use-is-mobile";

export interface SidebarControl {
  isMobile: boolean;
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  expanded: boolean;
  /** Mobile: the drawer is open. */
  mobileOpen: boolean;
  toggle: () => void;
  closeMobile: () => void;
}

function initialExpanded(): boolean {
  return typeof document === "undefined" ? true : (readSidebarExpanded(document.cookie) ?? true);
}

/** Sidebar state (SPEC 2, 9): remembered in a cookie, toggled with Ctrl/Cmd+B, a drawer on small screens. */
export function useSidebar(): SidebarControl {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(initialExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    document.cookie = sidebarCookie(expanded);
  }, [expanded]);

  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setExpanded((open) => !open);
  }, [isMobile]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSidebarShortcut(e)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const closeMobile = useCallback(() => setMobileOpen(false), []);
  return { isMobile, expanded, mobileOpen, toggle, closeMobile };
}
