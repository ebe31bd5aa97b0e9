import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCallRoutesModule } from "./build-call-routes";

/** CLI (`npm run call-routes`): rewrites call-routes.ts only when its text changes. */
const target = fileURLToPath(new URL("./call-routes.ts", import.meta.url));
const text = buildCallRoutesModule();
const current = existsSync(target) ? readFileSync(target, "utf8") : null;
if (current !== text) writeFileSync(target, text);
console.log(`${current === text ? "up to date:" : "wrote"} ${target}`);
