import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
const allowScripts =
  (JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};

/** The package's name from its lock path: the part after the last `node_modules/` (scoped names keep their scope). */
const nameOf = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf("node_modules/") + "node_modules/".length);

describe("install scripts (package.json allowScripts)", () => {
  // npm 11.16+ lists every dependency whose install script allowScripts does not approve at the end of each install,
  // and npm 12 skips those scripts: a clean `npm install` must print neither, and esbuild's must run.
  it("approves or refuses the install script of every locked package that has one, and refuses only the named ones", () => {
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([lockPath, entry]) => ({ name: nameOf(lockPath), version: entry.version }));
    const decision = ({ name, version }: { name: string; version?: string }) =>
      allowScripts[`${name}@${version}`] ?? allowScripts[name];
    expect(scripted.filter((p) => decision(p) === undefined).map(({ name, version }) => `${name}@${version}`)).toEqual(
      [],
    );
    expect([...new Set(scripted.filter((p) => decision(p) === false).map((p) => p.name))]).toEqual(
      Object.keys(REFUSED),
    );
  });
});

/**
 * Install scripts refused on purpose (`npm install-scripts deny`), with the reason: nothing here needs them to run.
 * @scarf/scarf (pulled in by @stoplight/spectral-cli) only reports the install to Scarf's download analytics.
 */
const REFUSED = { "@scarf/scarf": "install analytics: a network call, and Spectral works without it" } as const;
