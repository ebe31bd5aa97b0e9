import type { ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema } from "@rjsf/utils";
import { formatCount } from "../../shell/format";

type Values = Record<string, unknown>;

/** Dotted property path (".a.b") to the names along it. */
const segments = (property: string | undefined) => (property ?? "").split(".").filter(Boolean);

/** The title a person sees above the field: ui:title, then the schema's title, then the raw name made readable. */
export function fieldTitle(
  schema: RJSFSchema,
  uiSchema: UiSchema<Values> | undefined,
  property: string | undefined,
): string {
  const names = segments(property);
  let node: RJSFSchema | undefined = schema;
  let ui: UiSchema<Values> | undefined = uiSchema;
  for (const name of names) {
    const child: unknown = node?.properties?.[name];
    node = typeof child === "object" && child !== null ? (child as RJSFSchema) : undefined;
    ui = ui?.[name] as UiSchema<Values> | undefined;
  }
  const uiTitle = ui?.["ui:title"] ?? (ui?.["ui:options"] as { title?: unknown } | undefined)?.title;
  if (typeof uiTitle === "string" && uiTitle) return uiTitle;
  if (node?.title) return node.title;
  const last = names.at(-1) ?? "This field";
  const spaced = last
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const num = (value: unknown) => (typeof value === "number" ? formatCount(value) : String(value));

/** ajv's wording is written for developers; this reads as a sentence about the field, by its title. */
function describe(error: RJSFValidationError): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case "required":
      return "is required";
    case "minLength":
      return params.limit === 1 ? "is required" : `must be at least ${num(params.limit)} characters`;
    case "maxLength":
      return `must be at most ${num(params.limit)} characters`;
    case "pattern":
      return "is not in the expected format";
    case "format":
      return params.format === "email" ? "must be a valid email address" : "is not in the expected format";
    case "enum":
      return "must be one of the listed options";
    case "minimum":
      return `must be at least ${num(params.limit)}`;
    case "maximum":
      return `must be at most ${num(params.limit)}`;
    case "exclusiveMinimum":
      return `must be greater than ${num(params.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${num(params.limit)}`;
    case "minItems":
      return params.limit === 1 ? "needs at least one choice" : `needs at least ${num(params.limit)} choices`;
    case "maxItems":
      return `takes at most ${num(params.limit)} choices`;
    case "uniqueItems":
      return "must not repeat a choice";
    case "type":
      return "is not valid";
    default:
      return error.message ?? "is not valid";
  }
}

/** RJSF's transformErrors for one form: every message names its field ("Username is required"). */
export function errorTransformerFor(schema: RJSFSchema, uiSchema?: UiSchema<Values>): ErrorTransformer<Values> {
  return (errors) =>
    errors.map((e) => {
      const message = `${fieldTitle(schema, uiSchema, e.property)} ${describe(e)}`;
      return { ...e, message, stack: message };
    });
}
