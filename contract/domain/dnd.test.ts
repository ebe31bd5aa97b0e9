import { describe, expect, it } from "vitest";
import { DND_RULES, dndBlocks, isDndReceiptCode, isFullyBlocked, type DndEntry } from "./dnd";
import type { SmsCategory } from "./sms";

const fullBlock: DndEntry = { preferences: [0], consent: false };
const noPrefsListed: DndEntry = { preferences: [], consent: false };
const partial: DndEntry = { preferences: [1, 7], consent: false };
const consented: DndEntry = { preferences: [0], consent: true };

describe("dndBlocks: each SMS category scrubbed as operators scrub it", () => {
  it.each<[SmsCategory, DndEntry | null, boolean]>([
    ["transactional", null, false],
    ["transactional", fullBlock, false],
    ["transactional", partial, false],
    ["service-implicit", fullBlock, false],
    ["service-implicit", partial, false],
    ["service-explicit", null, false],
    ["service-explicit", fullBlock, true],
    ["service-explicit", noPrefsListed, true],
    ["service-explicit", partial, false],
    ["service-explicit", consented, false],
    ["promotional", null, false],
    ["promotional", fullBlock, true],
    ["promotional", partial, true],
    ["promotional", consented, false],
  ])("%s to %o → blocked %s", (category, entry, blocked) => {
    expect(dndBlocks(category, entry)).toBe(blocked);
  });
});

describe("DND_RULES", () => {
  it.each<[SmsCategory, boolean]>([
    ["transactional", false],
    ["service-implicit", false],
    ["service-explicit", true],
    ["promotional", true],
  ])("%s is bound to the promotional window: %s", (category, windowed) => {
    expect(DND_RULES[category].windowed).toBe(windowed);
  });
});

describe("isFullyBlocked", () => {
  it.each<[number[], boolean]>([
    [[], true],
    [[0], true],
    [[0, 3], true],
    [[3], false],
    [[1, 2, 8], false],
  ])("%o → %s", (prefs, expected) => {
    expect(isFullyBlocked(prefs)).toBe(expected);
  });
});

describe("isDndReceiptCode", () => {
  it.each<[string | null, boolean]>([
    ["DND", true],
    ["dnd", true],
    ["NDNC", true],
    [" NDNC REJECTED ", true],
    ["REJECTD", false],
    ["UNDELIV", false],
    [null, false],
    ["", false],
  ])("%s → %s", (code, expected) => {
    expect(isDndReceiptCode(code)).toBe(expected);
  });
});
