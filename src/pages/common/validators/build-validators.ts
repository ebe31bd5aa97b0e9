import { compileSchemaValidatorsCode } from "@rjsf/validator-ajv8/compileSchemaValidators";
import { FORM_SCHEMAS } from "./form-schemas";

/** ajv's runtime helper, inlined so the generated module has no CommonJS `require`. */
const UCS2LENGTH = `function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}`;

/** One schema's standalone ajv code, wrapped so its module-level names cannot clash with another schema's. */
function scoped(id: string, code: string): string {
  const exported: string[] = [];
  const body = code
    .replace(/^"use strict";\n?/, "")
    .replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, "ucs2length")
    .replace(/^export const (\w+) = (\w+);$/gm, (_, name: string, fn: string) => {
      exported.push(`${JSON.stringify(name)}: ${fn}`);
      return "";
    });
  if (/\brequire\(/.test(body)) throw new Error(`The validator code of ${id} still requires a module`);
  return `const ${id} = (() => {\n${body.trim()}\nreturn { ${exported.join(", ")} };\n})();`;
}

/**
 * The precompiled-validators module: the source of src/pages/common/validators/precompiled-validators.ts.
 * Pure (returns text); generate-validators.ts puts it on disk. The file is generated, never committed.
 */
export function buildValidatorsModule(): string {
  const ids = Object.keys(FORM_SCHEMAS) as (keyof typeof FORM_SCHEMAS)[];
  const parts = ids.map((id) =>
    scoped(
      id,
      compileSchemaValidatorsCode(FORM_SCHEMAS[id], { ajvOptionsOverrides: { code: { esm: true, lines: true } } }),
    ),
  );
  return [
    "/* eslint-disable */",
    "// @ts-nocheck",
    "// GENERATED from the shared JSON Schemas by build-validators.ts (scripts/validators-plugin.mjs, `npm run validators`).",
    "// Not committed; do not edit.",
    '"use strict";',
    UCS2LENGTH,
    ...parts,
    `export const PRECOMPILED_VALIDATORS = { ${ids.map((id) => `...${id}`).join(", ")} };`,
    "",
  ].join("\n");
}
