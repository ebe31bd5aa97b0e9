// The inbox's keyboard (issue 40 item 9): single keys, like the mail and chat tools agents know. None takes Ctrl or
// Cmd (Ctrl/Cmd+B is SPEC's sidebar; the browser and the shell keep every modified key), and none fires while typing in
// a field, except the Alt+arrows the inbox has always had for moving between conversations while writing.

export type InboxAction =
  "next" | "previous" | "toggleNote" | "resolve" | "assignToMe" | "canned" | "reply" | "search" | "help";

/** The sheet's rows, in order: the keys and what they do. */
export const INBOX_KEYS: readonly { keys: readonly string[]; action: InboxAction; label: string }[] = [
  { keys: ["j", "↓"], action: "next", label: "Next conversation" },
  { keys: ["k", "↑"], action: "previous", label: "Previous conversation" },
  { keys: ["r"], action: "reply", label: "Write a reply" },
  { keys: ["n"], action: "toggleNote", label: "Switch between reply and private note" },
  { keys: ["c"], action: "canned", label: "Insert a canned response (or type / in the reply)" },
  { keys: ["e"], action: "resolve", label: "Resolve the conversation" },
  { keys: ["a"], action: "assignToMe", label: "Assign the conversation to me" },
  { keys: ["/"], action: "search", label: "Search conversations" },
  { keys: ["?"], action: "help", label: "Show these shortcuts" },
];

const BY_KEY: Record<string, InboxAction> = {
  j: "next",
  ArrowDown: "next",
  k: "previous",
  ArrowUp: "previous",
  r: "reply",
  n: "toggleNote",
  c: "canned",
  e: "resolve",
  a: "assignToMe",
  "/": "search",
  "?": "help",
};

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether the key went to something that takes text: a field, a text area, an editable element or a select. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Partial<HTMLElement>).tagName !== "string") return false;
  const el = target as HTMLElement;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return true;
  return el.isContentEditable || el.closest?.("[contenteditable=''],[contenteditable='true']") != null;
}

/** What a key press does in the inbox, or null: nothing with Ctrl/Cmd, nothing while typing but Alt+arrows. */
export function inboxActionOf(e: KeyLike): InboxAction | null {
  if (e.ctrlKey || e.metaKey) return null;
  const arrow = e.key === "ArrowDown" || e.key === "ArrowUp";
  if (e.altKey) return arrow ? (BY_KEY[e.key] ?? null) : null;
  if (isTyping(e.target)) return null;
  return BY_KEY[e.key] ?? null;
}
