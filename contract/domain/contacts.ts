// Contacts (issue 39, item 1): the audience an account keeps beyond one campaign file. The limits, the attribute
// types and the check of one attribute value live here so the console's form and the server refuse the same things.

export const CONTACT_SOURCES = ["console", "import", "campaign_file", "chat", "api"] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SOURCE_LABELS: Record<ContactSource, string> = {
  console: "Console",
  import: "Import",
  campaign_file: "Campaign file",
  chat: "Chat",
  api: "API",
};

export const ATTRIBUTE_TYPES = ["text", "number", "date", "boolean", "choice"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const ATTRIBUTE_TYPE_LABELS: Record<AttributeType, string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes / no",
  choice: "Choice",
};

export const CONTACT_LIMIT_DEFAULT = 20;
export const CONTACT_LIMIT_MAX = 100;
/** One bulk call (labels, delete) names at most this many contacts: a page's selection, bounded. */
export const CONTACT_BULK_MAX = 500;
/** The public API's bulk upsert takes at most this many contacts per request (as its message batch). */
export const CONTACT_UPSERT_MAX = 1000;
/** The erase confirmation: the person types the contact's number; spaces, dashes and brackets are ignored. */
export const eraseConfirmed = (number: string, typed: string): boolean =>
  typed.replace(/[\s().-]/g, "") === number || `+${typed.replace(/[\s().+-]/g, "")}` === number;
export const CONTACT_LABELS_MAX = 20;
export const CONTACT_LABEL_MAX_LENGTH = 40;
export const ATTRIBUTE_DEFINITIONS_MAX = 50;
export const ATTRIBUTE_CHOICES_MAX = 50;
export const ATTRIBUTE_TEXT_MAX = 500;
/** An export stops here and says so in its last line. */
export const CONTACT_EXPORT_MAX_ROWS = 200_000;

/** An attribute's key: what files, the API and later personalisation (`{{key}}`) name it by. */
export const ATTRIBUTE_KEY_PATTERN = "^[a-z][a-z0-9_]{0,39}$";

export type AttributeValue = string | number | boolean;
export interface AttributeDefinition {
  key: string;
  type: AttributeType;
  choices: string[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Why a value does not fit its attribute's type, or null when it does. */
export function attributeValueError(def: AttributeDefinition, value: unknown): string | null {
  switch (def.type) {
    case "text":
      return typeof value === "string" && value.length <= ATTRIBUTE_TEXT_MAX
        ? null
        : `must be text of at most ${ATTRIBUTE_TEXT_MAX} characters`;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : "must be a date (YYYY-MM-DD)";
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "choice":
      return typeof value === "string" && def.choices.includes(value)
        ? null
        : `must be one of: ${def.choices.join(", ")}`;
  }
}

/** Labels as stored: trimmed, without empties or repeats (case kept: the inbox shows them as written). */
export function cleanLabels(labels: readonly string[]): string[] {
  return [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
}

export const CONTACT_MESSAGES = {
  notFound: "Contact not found",
  duplicate: (number: string) => `A contact with the number ${number} already exists`,
  attributeNotFound: "Attribute not found",
  attributeDuplicate: (key: string) => `An attribute with the key ${key} already exists`,
  attributesFull: `An account has at most ${ATTRIBUTE_DEFINITIONS_MAX} attributes`,
  eraseUnconfirmed: "Type the contact's number to confirm the erase",
  eraseNotOwner: "Only the account that owns these contacts (its manager) can erase a person",
  erased: (number: string) => `${number} was erased: nothing of them is kept but a hashed entry that stops messages`,
  /** Why the pre-send check's sample holds back a number that is not on the list: its person was erased. */
  erasedSkip: "Erased at the person's request",
} as const;

/** A stored contact number's shape (E.164: a plus, a country code, at most 15 digits), for SQL that writes numbers. */
export const E164_PATTERN = "^\\+[1-9][0-9]{6,14}$";

/** The colours a label may take: antd's preset tag colours, readable in light and dark themes. */
export const LABEL_COLORS = [
  "blue",
  "green",
  "gold",
  "red",
  "purple",
  "cyan",
  "magenta",
  "orange",
  "geekblue",
  "volcano",
  "lime",
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** The colour of a label nobody has chosen one for: its name's hash, so it looks the same on every screen. */
export function defaultLabelColor(name: string): LabelColor {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return LABEL_COLORS[hash % LABEL_COLORS.length] ?? "blue";
}
