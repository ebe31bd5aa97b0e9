import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildValidatorsModule } from "./build-validators";

/** CLI: rewrites precompiled-validators.ts after a schema in schemas/ or form-schemas.ts changes. */
const target = fileURLToPath(new URL("./precompiled-validators.ts", import.meta.url));
writeFileSync(target, buildValidatorsModule());
console.log(`wrote ${target}`);
