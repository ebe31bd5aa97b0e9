// What the inbox list must answer, written out apart from its SQL (rows-read-inbox.test.ts compares the two): the
// search fragments with their traps, and "SLA due soonest".

/** A seeded conversation as the reference reads it: times as the cursors write them. */
export interface InboxRow {
  id: string;
  number: string;
  text: string;
  at: string;
  status: string;
  channel: string;
  /** The next SLA due, as the cursor writes it, or null. */
  due: string | null;
}

/** Search fragments: digits, `+`, spaces, case, and `%`, `_`, `\` that must be taken literally. */
export const FRAGMENTS: [string, string][] = [
  ["1 digit", "7"],
  ["2 digits", "42"],
  ["3 digits", "987"],
  ["6 digits", "917001"],
  ["with +", "+9170"],
  ["with a space", "+91 70"],
  ["trimmed", "  42  "],
  ["letters", "parcel"],
  ["letters, other case", "PARCEL"],
  ["text and number", "Order 12"],
  ["% is literal", "100%"],
  ["% alone", "%"],
  ["_ is literal", "k_d"],
  ["_ alone", "_"],
  ["backslash", "a\\b"],
  ["nothing matches", "zzq"],
];

/** "SLA due soonest" written out: running clocks by due then id, then the rest newest first (id breaking ties). */
export function slaOrder(all: readonly InboxRow[]): InboxRow[] {
  const due = all
    .filter((r) => r.due !== null)
    .sort((a, b) => (a.due === b.due ? (a.id < b.id ? -1 : 1) : a.due! < b.due! ? -1 : 1));
  const rest = all
    .filter((r) => r.due === null)
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  return [...due, ...rest];
}
