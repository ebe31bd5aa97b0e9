// What the variables step offers from contacts (issue 39, item 5): the contact fields and the account's attributes
// for `{{contact.x}}`, and the first contact's values for the preview. Read only when the role may read contacts.
import { CONTACT_FIELDS, CONTACT_FIELD_LABELS, contactValueText } from "../../../../../contract/domain/personalise";
import { useCall } from "../../../../api";
import { useAbility } from "../../../../providers";

export interface ContactFieldOption {
  key: string;
  label: string;
  /** Whether a value can be longer than DLT's per-variable limit (name, email, text attributes). */
  mayBeLong: boolean;
  group: "Contact fields" | "Attributes";
}

export interface ContactFields {
  options: ContactFieldOption[];
  /** The first contact's values by key (as message text), and who it is; undefined when there is none. */
  sample?: { values: Record<string, string>; who: string };
}

const LONG_FIELDS: ReadonlySet<string> = new Set(["name", "email"]);

export function useContactFields(): ContactFields {
  const ability = useAbility();
  const mayList = ability.can("call", "contacts.list");
  const mayDefine = ability.can("call", "contacts.attributes.list");
  const defs = useCall(
    "contacts.attributes.list",
    {},
    { errorNotification: false, queryOptions: { enabled: mayDefine } },
  ).query.data?.data.data;
  const first = useCall(
    "contacts.list",
    { query: { limit: 1 } },
    { errorNotification: false, queryOptions: { enabled: mayList } },
  ).query.data?.data.data[0];
  const options: ContactFieldOption[] = [
    ...CONTACT_FIELDS.map((key) => ({
      key,
      label: CONTACT_FIELD_LABELS[key],
      mayBeLong: LONG_FIELDS.has(key),
      group: "Contact fields" as const,
    })),
    ...(defs ?? []).map((d) => ({
      key: d.key,
      label: d.label,
      mayBeLong: d.type === "text",
      group: "Attributes" as const,
    })),
  ];
  if (!first) return { options };
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(first.attributes)) values[key] = contactValueText(value) ?? "";
  Object.assign(values, { name: first.name, email: first.email, language: first.language });
  return { options, sample: { values, who: first.name || first.number } };
}

/**
 * A segment audience's columns, as the server reads a segment (services/segments/audience.ts): number, the contact
 * fields and the attribute keys. The Column source offers these for a segment, which has no file header to read.
 */
export const segmentColumns = (options: readonly ContactFieldOption[]): string[] => [
  "number",
  ...options.map((o) => o.key),
];
