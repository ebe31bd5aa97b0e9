import type { ValidationRule } from "react-hook-form";

/** The rule subset public forms use; independent of the form's value type. */
export interface FieldRules {
  required?: string;
  minLength?: ValidationRule<number>;
  maxLength?: ValidationRule<number>;
  pattern?: ValidationRule<RegExp>;
  validate?: (value: string) => true | string;
}

interface PropSchema {
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface ObjectSchema {
  required?: readonly string[];
  properties: Record<string, PropSchema>;
}

/** Loose but sufficient for an email field; the server validates the same schema with ajv. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * react-hook-form rules read from the shared JSON Schema, so the form says what the server will check without
 * shipping ajv on the public pages (it stays off the login bundle). Each page imports its own schema's module, not the
 * registry: the registry holds every form's schema (and their domain constants), which the login page does not need.
 */
export function schemaField<S extends ObjectSchema>(
  schema: S,
  field: keyof S["properties"] & string,
): { label: string; rules: FieldRules } {
  const prop = schema.properties[field];
  if (!prop) throw new Error(`The schema has no field ${field}`);
  const label = prop.title ?? field;
  const rules: FieldRules = {};
  if (schema.required?.includes(field)) rules.required = `${label} is required`;
  if (prop.minLength !== undefined && prop.minLength > 1) {
    rules.minLength = { value: prop.minLength, message: `${label} must be at least ${prop.minLength} characters` };
  }
  if (prop.maxLength !== undefined) {
    rules.maxLength = { value: prop.maxLength, message: `${label} must be at most ${prop.maxLength} characters` };
  }
  if (prop.pattern) rules.pattern = { value: new RegExp(prop.pattern), message: `${label} is not valid` };
  if (prop.format === "email") rules.pattern = { value: EMAIL, message: "Enter a valid email address" };
  return { label, rules };
}
