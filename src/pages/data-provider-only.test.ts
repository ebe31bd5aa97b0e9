import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const PAGES = resolve(process.cwd(), "src/pages");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

// Issue 6 §2: signed-in screens read and write through Refine's data provider, so its invalidation keeps every
// list and the header balance in step. The public pages (login, register, reset) run before a session exists.
describe("signed-in pages go through the data provider", () => {
  it("no page outside src/pages/public calls callApi or keeps its own react-query cache", () => {
    const direct = sources(PAGES)
      .filter((f) => !relative(PAGES, f).startsWith("public"))
      .filter((f) => /\bcallApi\b|@tanstack\/react-query/.test(readFileSync(f, "utf8")))
      .map((f) => relative(PAGES, f));
    expect(direct).toEqual([]);
  });
});
