import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(process.cwd(), "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

// The console reaches a call by its id (useCall / useCallMutation, or Refine's CRUD hooks over resources/): an empty
// url with a resource/action alias hides which call runs from Refine's query keys, from tsc and from a reader.
describe("the console names its calls", () => {
  const files = sources(SRC).map((f) => ({ file: relative(SRC, f), text: readFileSync(f, "utf8") }));

  it('no source passes url: "" to Refine', () => {
    expect(files.filter((f) => /\burl:\s*""/.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("no source names a call by a resource's alias (meta.resource with meta.action)", () => {
    const aliased = files.filter((f) => /meta:\s*\{[^}]*\bresource:[^}]*\baction:/.test(f.text)).map((f) => f.file);
    expect(aliased).toEqual([]);
  });
});
