import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
/** README (one or two screens) and the manual it points to in docs/. */
const DOCS = ["README.md", "ARCHITECTURE.md", ...readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
/** Markdown links and images: `[text](target)`, the target up to a space or the closing parenthesis. */
const LINK = /!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g;

describe("the repository explains itself", () => {
  for (const doc of DOCS) {
    const text = readFileSync(path.join(ROOT, doc), "utf8");

    it(`${doc}: every link names a file of this repository`, () => {
      const targets = [...text.matchAll(LINK)].map((m) => m[1]);
      const broken = targets.filter((target) => {
        if (target.startsWith("#")) return false;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return true; // http:, file:, … lead out of the repository
        const file = path.resolve(ROOT, target.split("#")[0]);
        return !file.startsWith(ROOT + path.sep) || !existsSync(file);
      });
      expect(broken).toEqual([]);
    });

    it(`${doc}: sends nobody to the specification's folder outside the clone`, () => {
      expect(text).not.toMatch(/\.\.\/shared|shared\/(SPEC|DESIGN|STACK)\.md/);
    });
  }
});
