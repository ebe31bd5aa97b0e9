import { CONTACT_REF_PREFIX, parseVariable } from "../../../contract/domain/personalise";

/**
 * The campaign's values for a test: fixed text as it is; a `{{column}}` or `{{contact.x}}` has no audience row in a
 * test, so it shows as `[column]` / `[contact.x]` (its fallback is not used: the test shows where the value goes).
 */
export function testParams(variables: readonly string[]): { params: string[]; columns: string[] } {
  const columns: string[] = [];
  const params = variables.map((v) =>
    parseVariable(v)
      .map((p) => {
        if (typeof p === "string") return p;
        const name = `${p.source === "contact" ? CONTACT_REF_PREFIX : ""}${p.key}`;
        if (!columns.includes(name)) columns.push(name);
        return `[${name}]`;
      })
      .join(""),
  );
  return { params, columns };
}
