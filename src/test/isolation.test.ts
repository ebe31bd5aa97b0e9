import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Test files under src/ and resources/, as paths from the repository root. */
function testFiles(): string[] {
  return ["src", "resources"].flatMap((dir) =>
    readdirSync(dir, { recursive: true })
      .map((f) => path.join(dir, String(f)))
      .filter((f) => /\.test\.tsx?$/.test(f)),
  );
}

describe("web test isolation (vitest.config.ts)", () => {
  // The web project shares modules between the files of a worker: a module one file replaces would stay replaced
  // for the files after it (or be the real one already), and the file's outcome would depend on the order.
  it("every file that replaces a module with vi.mock is an *.isolated.test file, run in a fresh module graph", () => {
    const shared = testFiles().filter(
      (f) => !/\.isolated\.test\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(readFileSync(f, "utf8")),
    );
    expect(shared).toEqual([]);
  });
});
