// docs/configuration.md holds the one table of the environment: every variable the server, `npm start` and the
// operator's scripts read has a row there, and every row names a variable something still reads. The names are
// read from the sources as text (no module is loaded), in the forms the code uses: `env.NAME` (process.env too),
// `env["NAME"]`, a helper given `(env, "NAME")`, and a `…_ENV = "NAME"` constant handed to a child process.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const DOC = "docs/configuration.md";
/** What `npm start` runs and builds with, and the scripts an operator runs (`admin:create` is under server/cli). */
const SCRIPTS = ["start.mjs", "build.mjs", "build-server.mjs", "server-env.mjs", "backup.mjs", "restore.mjs"].map(
  (f) => `scripts/${f}`,
);
const READS = [
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
  /\benv\[\s*"([A-Z][A-Z0-9_]*)"\s*\]/g,
  /\(\s*env\s*,\s*"([A-Z][A-Z0-9_]*)"/g,
  /\b[A-Z_]*ENV\s*=\s*"([A-Z][A-Z0-9_]*)"/g,
];
/** A table row whose first cell names variables in backticks: `| \`A\` / \`B\` | default | meaning |`. */
const ROW = /^\|([^|]*)\|/;
const NAME = /`([A-Z][A-Z0-9_]*)`/g;

const serverSources = (readdirSync(path.join(ROOT, "server"), { recursive: true, encoding: "utf8" }) as string[])
  .map((file) => path.join("server", file))
  .filter(
    (file) =>
      file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith(path.join("server", "test") + path.sep),
  );

/** Variable → the files that read it. */
export function variablesRead(files: readonly string[]): Map<string, string[]> {
  const read = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const pattern of READS)
      for (const [, name] of text.matchAll(pattern)) read.set(name, [...new Set([...(read.get(name) ?? []), file])]);
  }
  return read;
}

/** Variable names in the first cell of the table rows of a markdown text. */
export function variablesDocumented(markdown: string): string[] {
  return markdown.split("\n").flatMap((line) => [...(ROW.exec(line)?.[1] ?? "").matchAll(NAME)].map((m) => m[1]));
}

const read = variablesRead([...serverSources, ...SCRIPTS]);
const doc = readFileSync(path.join(ROOT, DOC), "utf8");
const documented = variablesDocumented(doc);

describe(`${DOC}: the one table of the environment`, () => {
  it("finds the variables the code reads (the scan itself works)", () => {
    expect(read.size).toBeGreaterThan(80);
    for (const known of [
      "PORT",
      "DATABASE_URL",
      "DISPATCH_BATCH",
      "SANDBOX_SEED",
      "PREPARE_DATA_DIR_ONLY",
      "BACKUP_TOKEN",
    ])
      expect(read.has(known), known).toBe(true);
  });

  it("is one table", () => {
    expect(doc.match(/^\| variable \| default \| meaning \|$/gm)).toHaveLength(1);
  });

  it("has a row for every variable the code reads", () => {
    const missing = [...read.keys()]
      .filter((name) => !documented.includes(name))
      .map((name) => `${name} (${read.get(name)?.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("lists no variable the code no longer reads, and each one once", () => {
    expect(documented.filter((name) => !read.has(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it("is the only page with a row for a variable", () => {
    const pages = [
      "README.md",
      "ARCHITECTURE.md",
      ...readdirSync(path.join(ROOT, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ].filter((p) => p !== DOC);
    const elsewhere = pages.flatMap((page) =>
      variablesDocumented(readFileSync(path.join(ROOT, page), "utf8"))
        .filter((name) => read.has(name))
        .map((name) => `${page}: ${name}`),
    );
    expect(elsewhere).toEqual([]);
  });
});
