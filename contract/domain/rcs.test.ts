import { describe, expect, it } from "vitest";
import {
  checkRcsTemplate,
  checkSuggestion,
  emptyCard,
  emptyRcsDraft,
  orderedCards,
  utf8Bytes,
  type RcsSuggestion,
  type RcsTemplateDraft,
} from "./rcs";

const card = (title: string, extra: Partial<ReturnType<typeof emptyCard>> = {}) => ({
  ...emptyCard(),
  cardTitle: title,
  ...extra,
});
const reply = (text: string): RcsSuggestion => ({ type: "reply", text, postbackData: text });
const base = (over: Partial<RcsTemplateDraft>): RcsTemplateDraft => ({
  ...emptyRcsDraft("bot-1"),
  name: "Offer",
  ...over,
});
const text = (over: Partial<RcsTemplateDraft> = {}) => base({ type: "text", textMessageContent: "Hello", ...over });
const standalone = (over: Partial<RcsTemplateDraft> = {}) =>
  base({ type: "standalone", standAlone: card("Sale"), ...over });
const carousel = (n: number, over: Partial<RcsTemplateDraft> = {}) =>
  base({
    type: "carousel",
    carouselList: Array.from({ length: n }, (_, i) => ({ ...card(`Card ${i + 1}`), order: i + 1 })),
    ...over,
  });

describe("utf8Bytes", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["नमस्ते", 18],
    ["€", 3],
    ["😀", 4],
  ])("%j is %i bytes", (value, bytes) => expect(utf8Bytes(value)).toBe(bytes));
});

describe("checkRcsTemplate", () => {
  const hindiTitle = (letters: number) => "क".repeat(letters);
  it.each<[string, RcsTemplateDraft, string[]]>([
    ["a valid text message", text(), []],
    ["a valid standalone card", standalone(), []],
    ["a valid carousel of 2", carousel(2), []],
    ["a valid carousel of 10", carousel(10), []],
    ["no bot", text({ botId: "" }), ["botId"]],
    ["no name", text({ name: " " }), ["name"]],
    ["a name of 81 characters", text({ name: "n".repeat(81) }), ["name"]],
    ["empty text", text({ textMessageContent: "" }), ["textMessageContent"]],
    ["text of 3072 characters", text({ textMessageContent: "a".repeat(3072) }), []],
    ["text of 3073 characters", text({ textMessageContent: "a".repeat(3073) }), ["textMessageContent"]],
    ["3072 emoji count as 3072 characters", text({ textMessageContent: "😀".repeat(3072) }), []],
    ["a carousel of 1", carousel(1), ["carouselList"]],
    ["a carousel of 11", carousel(11), ["carouselList"]],
    [
      "carousel cards sharing an order",
      carousel(2, {
        carouselList: [
          { ...card("a"), order: 1 },
          { ...card("b"), order: 1 },
        ],
      }),
      ["carouselList"],
    ],
    ["an empty card", standalone({ standAlone: emptyCard() }), ["standAlone.cardTitle"]],
    ["a title of 200 bytes", standalone({ standAlone: card("t".repeat(200)) }), []],
    ["a title of 201 bytes", standalone({ standAlone: card("t".repeat(201)) }), ["standAlone.cardTitle"]],
    ["a Hindi title of 66 letters (198 bytes)", standalone({ standAlone: card(hindiTitle(66)) }), []],
    [
      "a Hindi title of 67 letters (201 bytes)",
      standalone({ standAlone: card(hindiTitle(67)) }),
      ["standAlone.cardTitle"],
    ],
    ["a description of 2000 bytes", standalone({ standAlone: card("t", { cardDescription: "d".repeat(2000) }) }), []],
    [
      "a Hindi description of 667 letters (2001 bytes)",
      standalone({ standAlone: card("t", { cardDescription: hindiTitle(667) }) }),
      ["standAlone.cardDescription"],
    ],
    [
      "a media URL that is not http",
      standalone({ standAlone: card("t", { mediaUrl: "ftp://x/y.png" }) }),
      ["standAlone.mediaUrl"],
    ],
    ["a horizontal card without media", standalone({ orientation: "HORIZONTAL" }), ["standAlone.mediaUrl"]],
    [
      "a horizontal card with media",
      standalone({ orientation: "HORIZONTAL", standAlone: card("t", { mediaUrl: "https://x.test/a.png" }) }),
      [],
    ],
    ["TALL media with SMALL width", carousel(2, { height: "TALL", width: "SMALL" }), ["height"]],
    ["TALL media with MEDIUM width", carousel(2, { height: "TALL", width: "MEDIUM" }), []],
    ["11 message suggestions", text({ suggestions: Array.from({ length: 11 }, (_, i) => reply(`r${i}`)) }), []],
    [
      "12 message suggestions",
      text({ suggestions: Array.from({ length: 12 }, (_, i) => reply(`r${i}`)) }),
      ["suggestions"],
    ],
    [
      "4 suggestions on a card",
      standalone({ standAlone: card("t", { suggestions: [reply("a"), reply("b"), reply("c"), reply("d")] }) }),
      [],
    ],
    [
      "5 suggestions on a card",
      standalone({
        standAlone: card("t", { suggestions: [reply("a"), reply("b"), reply("c"), reply("d"), reply("e")] }),
      }),
      ["standAlone.suggestions"],
    ],
    [
      "5 suggestions on a carousel card",
      carousel(2, {
        carouselList: [
          { ...card("a", { suggestions: ["a", "b", "c", "d", "e"].map(reply) }), order: 1 },
          { ...card("b"), order: 2 },
        ],
      }),
      ["carouselList.0.suggestions"],
    ],
    [
      "a bad suggestion on the second carousel card",
      carousel(2, {
        carouselList: [
          { ...card("a"), order: 1 },
          { ...card("b", { suggestions: [reply("")] }), order: 2 },
        ],
      }),
      ["carouselList.1.suggestions.0.text"],
    ],
  ])("%s", (_, draft, fields) => {
    expect(checkRcsTemplate(draft).map((e) => e.field)).toEqual(fields);
  });

  it("names the byte count in the title message", () => {
    expect(checkRcsTemplate(standalone({ standAlone: card(hindiTitle(67)) }))[0].message).toBe(
      "Title is 201 bytes; at most 200 bytes of UTF-8",
    );
  });
});

describe("checkSuggestion", () => {
  it.each<[string, RcsSuggestion, string[]]>([
    ["a reply", { type: "reply", text: "Yes" }, []],
    ["a label of 25 characters", { type: "reply", text: "x".repeat(25) }, []],
    ["a label of 26 characters", { type: "reply", text: "x".repeat(26) }, ["s.text"]],
    ["no label", { type: "reply", text: "  " }, ["s.text"]],
    ["a URL action", { type: "url", text: "Open", url: "https://shop.test/sale" }, []],
    ["a URL action without URL", { type: "url", text: "Open" }, ["s.url"]],
    ["a URL action with a javascript: URL", { type: "url", text: "Open", url: "javascript:alert(1)" }, ["s.url"]],
    ["a dial action", { type: "dial", text: "Call", phoneNumber: "+91 98765 43210" }, []],
    ["a dial action without number", { type: "dial", text: "Call" }, ["s.phoneNumber"]],
    ["a dial action with letters", { type: "dial", text: "Call", phoneNumber: "call-me" }, ["s.phoneNumber"]],
    ["a location by coordinates", { type: "location", text: "Map", latitude: 19.07, longitude: 72.87 }, []],
    ["a location by query", { type: "location", text: "Map", query: "Nearest branch" }, []],
    ["a location with neither", { type: "location", text: "Map" }, ["s.query"]],
    ["a location with latitude 91", { type: "location", text: "Map", latitude: 91, longitude: 0 }, ["s.latitude"]],
    ["a location with latitude only", { type: "location", text: "Map", latitude: 10 }, ["s.longitude"]],
    [
      "a calendar event",
      {
        type: "calendar",
        text: "Save",
        title: "Sale",
        startTime: "2026-12-01T10:00:00Z",
        endTime: "2026-12-01T12:00:00Z",
      },
      [],
    ],
    [
      "a calendar event without title",
      { type: "calendar", text: "Save", startTime: "2026-12-01T10:00:00Z", endTime: "2026-12-01T12:00:00Z" },
      ["s.title"],
    ],
    ["a calendar event without times", { type: "calendar", text: "Save", title: "Sale" }, ["s.startTime", "s.endTime"]],
    [
      "a calendar event ending before it starts",
      {
        type: "calendar",
        text: "Save",
        title: "Sale",
        startTime: "2026-12-01T10:00:00Z",
        endTime: "2026-12-01T09:00:00Z",
      },
      ["s.endTime"],
    ],
  ])("%s", (_, suggestion, fields) => {
    expect(checkSuggestion(suggestion, "s").map((e) => e.field)).toEqual(fields);
  });
});

describe("orderedCards", () => {
  it("sorts by order, keeping position for ties", () => {
    const cards = [
      { ...card("b"), order: 2 },
      { ...card("a"), order: 1 },
      { ...card("c"), order: 3 },
    ];
    expect(orderedCards(cards).map((c) => c.cardTitle)).toEqual(["a", "b", "c"]);
  });
});
