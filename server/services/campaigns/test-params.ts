import {
  CONTACT_REF_PREFIX,
  contactValueText,
  parseVariable,
  renderPieces,
  type VariableRef,
} from "../../../contract/domain/personalise";
import type { ContactValues } from "./audience/contact-values";

/**
 * The campaign's values for a test. Fixed text as it is. A `{{column}}` has no audience row in a test, so it shows as
 * `[column]` (its fallback is not used: the test shows where the value goes). A `{{contact.x}}` takes the test
 * number's contact's value when the number is a contact of the owner, else its fallback, rendered by the audience's
 * own code (renderPieces); with neither it shows as `[contact.x]`. `columns` lists what was shown in brackets.
 */
export function testParams(
  variables: readonly string[],
  contact?: ContactValues,
): { params: string[]; columns: string[] } {
  const columns: string[] = [];
  const shown = (ref: VariableRef) => {
    const name = `${ref.source === "contact" ? CONTACT_REF_PREFIX : ""}${ref.key}`;
    if (!columns.includes(name)) columns.push(name);
    return `[${name}]`;
  };
  const valueOf = (ref: VariableRef): string | undefined => {
    if (ref.source === "column") return shown(ref);
    const value = contactValueText(contact?.[ref.key])?.trim();
    if (value) return value;
    return ref.fallback === null ? shown(ref) : undefined;
  };
  const params = variables.map((v) => {
    const rendered = renderPieces(parseVariable(v), valueOf);
    // Never missing: a contact reference without a value or fallback rendered as its bracket above.
    return rendered.ok ? rendered.text : shown(rendered.missing);
  });
  return { params, columns };
}
