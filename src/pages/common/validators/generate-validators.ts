import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildValidatorsModule } from "./build-validators";

/**
 * CLI (`npm run validators`): writes precompiled-validators.ts, only when its text changes (so `npm start` does not
 * see a newer source each time). vite and vitest run it through scripts/validators-plugin.mjs; scripts/test.mjs
 * and `npm run typecheck` run it before tsc.
 */
const target = fileURLToPath(new URL("./precompiled-validators.ts", import.meta.url));
const text = buildValidatorsModule();
const current = existsSync(target) ? readFileSync(target, "utf8") : null;
if (current !== text) writeFileSync(target, text);
console.log(`${current === text ? "up to date:" : "wrote"} ${target}`);
