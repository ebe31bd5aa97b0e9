import { describe, expect, it } from "vitest";
import { cursorQuery, rememberCursor, type PageCursors } from "./page-cursors";

describe("responses page cursors", () => {
  it.each<[string, PageCursors, number, string | null, PageCursors]>([
    ["page 1's next opens page 2", {}, 1, "c2", { 2: "c2" }],
    ["a deeper page adds its next", { 2: "c2" }, 2, "c3", { 2: "c2", 3: "c3" }],
    ["the last page adds nothing", { 2: "c2" }, 2, null, { 2: "c2" }],
    ["a refetch with a new key replaces it", { 2: "old" }, 1, "new", { 2: "new" }],
  ])("%s", (_label, before, page, next, after) => {
    expect(rememberCursor(before, page, next)).toEqual(after);
  });

  it("keeps the same object when nothing changes (no re-render)", () => {
    const cursors = { 2: "c2" };
    expect(rememberCursor(cursors, 1, "c2")).toBe(cursors);
  });

  it.each<[number, PageCursors, { cursor?: string }]>([
    [1, { 1: "never", 2: "c2" }, {}],
    [2, { 2: "c2" }, { cursor: "c2" }],
    [7, { 2: "c2" }, {}],
  ])("page %i asks with %j", (page, cursors, query) => {
    expect(cursorQuery(cursors, page)).toEqual(query);
  });
});
