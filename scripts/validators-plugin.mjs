// The RJSF form validators are generated from the JSON Schemas, not committed. This vite plugin writes them when
// vite (build, dev server) or vitest loads its config, and again when a schema changes under the dev server. It runs
// the generator in a child (tsx) so the config loader does not have to bundle the schemas' TypeScript.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const GENERATOR = "src/pages/common/validators/generate-validators.ts";
const SCHEMA_SOURCE = /[\\/](schemas[\\/].*\.(json|ts)|[a-z-]*schemas?\.ts)$/;

function generate() {
  const result = spawnSync(process.execPath, ["--import", "tsx", GENERATOR], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`${GENERATOR} failed (exit ${result.status})`);
}

/** @returns {import("vite").Plugin} */
export function precompiledValidators() {
  return {
    name: "precompiled-validators",
    config() {
      generate();
    },
    handleHotUpdate({ file }) {
      if (SCHEMA_SOURCE.test(file)) generate();
    },
  };
}
