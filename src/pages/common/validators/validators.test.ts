import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8/lib/types.js";
import { describe, expect, it } from "vitest";
import { buildValidatorsModule } from "./build-validators";
import { FORM_SCHEMAS } from "./form-schemas";
import { PRECOMPILED_VALIDATORS } from "./precompiled-validators";

const fns = PRECOMPILED_VALIDATORS as unknown as ValidatorFunctions;

describe("precompiled form validators", () => {
  it("are generated from the current schemas before tests run (the vitest config's plugin)", () => {
    const generated = readFileSync(
      resolve(process.cwd(), "src/pages/common/validators/precompiled-validators.ts"),
      "utf8",
    );
    expect(generated).toBe(buildValidatorsModule());
  });

  it.each(Object.keys(FORM_SCHEMAS) as (keyof typeof FORM_SCHEMAS)[])("has a validator for %s", (id) => {
    expect(typeof fns[id]).toBe("function");
  });

  it("validates like the shared schema", () => {
    const v = createPrecompiledValidator(fns, FORM_SCHEMAS.registerManager);
    const bad = v.validateFormData(
      { username: "a", email: "nope", password: "short", role: "reseller" },
      FORM_SCHEMAS.registerManager,
    );
    const props = bad.errors.map((e) => e.property).sort();
    expect(props).toEqual([".email", ".password", ".role", ".username"]);
    const ok = v.validateFormData(
      { username: "asha", email: "asha@example.com", password: "longenough", role: "user" },
      FORM_SCHEMAS.registerManager,
    );
    expect(ok.errors).toEqual([]);
  });

  it("counts characters the way the server does (surrogate pairs are one character)", () => {
    const v = createPrecompiledValidator(fns, FORM_SCHEMAS.registerManager);
    const emoji = { username: "ab😀", email: "a@b.co", password: "longenough", role: "user" };
    expect(v.validateFormData(emoji, FORM_SCHEMAS.registerManager).errors.map((e) => e.name)).toEqual(["pattern"]);
  });
});
