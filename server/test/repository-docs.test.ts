import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
/** README (one or two screens) and the manual it points to in docs/. */
const DOCS = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
/** Markdown links and images: `[text](target)`, the target up to a space or the closing parenthesis. */
const LINK = /!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g;
/** Links inside code (fenced or inline) are text, not links. */
const CODE = /```[\s\S]*?```|`[^`\n]*`/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens (duplicates get -1, -2, …). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** What is wrong with a link written in `doc` (a path from the root), or undefined when it resolves. */
export function brokenLink(doc: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return "leads out of the repository"; // http:, file:, …
  const [file, anchor] = target.split("#");
  // A relative link resolves from the folder of the page that holds it, as GitHub and editors resolve it.
  const resolved = file ? path.resolve(ROOT, path.dirname(doc), file) : path.join(ROOT, doc);
  if (!resolved.startsWith(ROOT + path.sep) || !existsSync(resolved)) return "no such file in the repository";
  if (anchor && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor))
    return "no such heading";
  return undefined;
}

describe("the repository explains itself", () => {
  it("resolves a link from the folder of its page, and its #heading", () => {
    expect(brokenLink("docs/production.md", "configuration.md")).toBeUndefined();
    expect(brokenLink("docs/production.md", "docs/configuration.md")).toBe("no such file in the repository");
    expect(brokenLink("README.md", "docs/configuration.md")).toBeUndefined();
    expect(brokenLink("docs/production.md", "../ARCHITECTURE.md")).toBeUndefined();
    expect(brokenLink("docs/production.md", "../../shared/SPEC.md")).toBe("no such file in the repository");
    expect(brokenLink("README.md", "#quick-start")).toBeUndefined();
    expect(brokenLink("README.md", "#no-such-heading")).toBe("no such heading");
    expect(brokenLink("README.md", "https://example.com")).toBe("leads out of the repository");
  });

  it("README.md is one or two screens and points to every page of the manual", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
    const linked = new Set([...readme.matchAll(LINK)].map((m) => m[1].split("#")[0]));
    expect(DOCS.filter((doc) => doc.startsWith("docs/") && !linked.has(doc))).toEqual([]);
  });

  for (const doc of DOCS) {
    const text = readFileSync(path.join(ROOT, doc), "utf8");

    it(`${doc}: every link names a file (and heading) of this repository`, () => {
      const links = [...text.replace(CODE, "").matchAll(LINK)].map((m) => m[1]);
      expect(links.map((target) => [target, brokenLink(doc, target)]).filter(([, broken]) => broken)).toEqual([]);
    });

    it(`${doc}: sends nobody to the specification's folder outside the clone`, () => {
      expect(text).not.toMatch(/\.\.\/shared|shared\/(SPEC|DESIGN|STACK)\.md/);
    });
  }
});
