import { describe, expect, it } from "vitest";
import { SIDEBAR_COOKIE_NAME } from "../../lib/ui-constants";
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from "./sidebar-state";

describe("sidebar cookie", () => {
  it.each<[string, boolean | null]>([
    ["", null],
    [`${SIDEBAR_COOKIE_NAME}=true`, true],
    [`a=1; ${SIDEBAR_COOKIE_NAME}=false; b=2`, false],
    [`${SIDEBAR_COOKIE_NAME}=maybe`, null],
    [`other_${SIDEBAR_COOKIE_NAME}=true`, null],
  ])("reads %j as %s", (cookie, expected) => {
    expect(readSidebarExpanded(cookie)).toBe(expected);
  });

  it("writes a 7-day cookie that reads back", () => {
    const written = sidebarCookie(false);
    expect(written).toContain("max-age=604800");
    expect(written).toContain("path=/");
    expect(readSidebarExpanded(written.split(";")[0])).toBe(false);
  });
});

describe("isSidebarShortcut", () => {
  it.each([
    [{ key: "b", ctrlKey: true, metaKey: false }, true],
    [{ key: "B", ctrlKey: false, metaKey: true }, true],
    [{ key: "b", ctrlKey: false, metaKey: false }, false],
    [{ key: "c", ctrlKey: true, metaKey: false }, false],
    [{ key: "b", ctrlKey: true, metaKey: false, shiftKey: true }, false],
  ])("%j → %s", (event, expected) => {
    expect(isSidebarShortcut(event)).toBe(expected);
  });
});
