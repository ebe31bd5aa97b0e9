// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { inboxActionOf, INBOX_KEYS, isTyping, type KeyLike } from "./inbox-keys";

const el = (html: string, pick = "*"): HTMLElement => {
  const box = document.createElement("div");
  box.innerHTML = html;
  document.body.append(box);
  return box.querySelector(pick) as HTMLElement;
};
const press = (key: string, target: EventTarget | null, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  target,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("the inbox's keys", () => {
  const body = document.body;
  const MAP: [string, string | null][] = [
    ["j", "next"],
    ["k", "previous"],
    ["ArrowDown", "next"],
    ["ArrowUp", "previous"],
    ["r", "reply"],
    ["n", "toggleNote"],
    ["c", "canned"],
    ["e", "resolve"],
    ["a", "assignToMe"],
    ["/", "search"],
    ["?", "help"],
    ["b", null],
    ["x", null],
  ];
  it.each(MAP)("%s → %s", (key, action) => expect(inboxActionOf(press(key, body))).toBe(action));

  it("none with Ctrl or Cmd (Ctrl/Cmd+B is the sidebar's)", () => {
    for (const [key] of MAP) {
      expect(inboxActionOf(press(key, body, { ctrlKey: true }))).toBeNull();
      expect(inboxActionOf(press(key, body, { metaKey: true }))).toBeNull();
    }
  });

  const FIELDS: [string, string, string][] = [
    ["a text area (the composer)", "<textarea></textarea>", "textarea"],
    ["a text input (the search)", "<input type='text' />", "input"],
    ["a select", "<select><option>x</option></select>", "select"],
    ["an editable element", "<div contenteditable='true'><span>x</span></div>", "span"],
  ];
  it.each(FIELDS)("none while typing in %s", (_, html, pick) => {
    const target = el(html, pick);
    expect(isTyping(target)).toBe(true);
    for (const [key] of MAP) expect(inboxActionOf(press(key, target))).toBeNull();
  });

  it("Alt+arrows still move between conversations while writing; Alt+letters do nothing", () => {
    const composer = el("<textarea></textarea>", "textarea");
    expect(inboxActionOf(press("ArrowDown", composer, { altKey: true }))).toBe("next");
    expect(inboxActionOf(press("ArrowUp", composer, { altKey: true }))).toBe("previous");
    expect(inboxActionOf(press("j", body, { altKey: true }))).toBeNull();
  });

  it("a button or the page is not typing", () => {
    expect(isTyping(el("<button>x</button>", "button"))).toBe(false);
    expect(isTyping(body)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it("the sheet lists every action once", () => {
    const actions = INBOX_KEYS.map((k) => k.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const [key, action] of MAP)
      if (action && key.length === 1) expect(INBOX_KEYS.find((k) => k.action === action)?.keys).toContain(key);
  });
});
