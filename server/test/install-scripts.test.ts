import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
const allowScripts = (JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};

/** The package's name from its lock path: the part after the last `node_modules/` (scoped names keep their scope). */
const nameOf = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf("node_modules/") + "node_modules/".length);

describe("install scripts (package.json allowScripts)", () => {
  // npm 11.16+ lists every dependency whose install script allowScripts does not approve at the end of each install,
  // and npm 12 skips those scripts: a clean `npm install` must print neither, and esbuild's must run.
  it("approves the install script of every locked package that has one", () => {
    const unreviewed = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([lockPath, entry]) => ({ name: nameOf(lockPath), version: entry.version }))
      .filter(({ name, version }) => allowScripts[name] !== true && allowScripts[`${name}@${version}`] !== true)
      .map(({ name, version }) => `${name}@${version}`);
    expect(unreviewed).toEqual([]);
  });
});
