import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

interface LockEntry {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
const promised = (JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines.node;

describe("the Node version the README promises", () => {
  // npm prints EBADENGINE for any installed package whose engines exclude the running Node; the lowest promised
  // version is the one that must install cleanly.
  const lowest = semver.minVersion(promised)?.version ?? "";

  it("is a real version range", () => {
    expect(lowest).toMatch(/^20\./);
  });

  it("satisfies every locked package's engines.node (a clean npm ci prints no EBADENGINE)", () => {
    const refused = Object.entries(lock.packages)
      .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(lowest, range))
      .map(([path, range]) => `${path} needs node ${range}`);
    expect(refused).toEqual([]);
  });
});
