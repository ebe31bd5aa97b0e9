// RCS Business Messaging limits for a template draft (SPEC 3), one place for the server's refusal and the builder's
// live messages. Numbers from Google's RBM documentation: card title 200 and description 2000 BYTES of UTF-8, text
// 3072 characters, carousel 2-10 cards, 11 suggestions per message and 4 per card, labels 25 characters.

export const RCS_TEMPLATE_TYPES = ["text", "standalone", "carousel"] as const;
export type RcsTemplateType = (typeof RCS_TEMPLATE_TYPES)[number];
export const RCS_ORIENTATIONS = ["VERTICAL", "HORIZONTAL"] as const;
export const RCS_ALIGNMENTS = ["LEFT", "RIGHT"] as const;
export const RCS_HEIGHTS = ["SHORT", "MEDIUM", "TALL"] as const;
export const RCS_WIDTHS = ["SMALL", "MEDIUM"] as const;
export const RCS_SUGGESTION_TYPES = ["reply", "url", "dial", "location", "calendar"] as const;
export type RcsOrientation = (typeof RCS_ORIENTATIONS)[number];
export type RcsAlignment = (typeof RCS_ALIGNMENTS)[number];
export type RcsHeight = (typeof RCS_HEIGHTS)[number];
export type RcsWidth = (typeof RCS_WIDTHS)[number];
export type RcsSuggestionType = (typeof RCS_SUGGESTION_TYPES)[number];

export const RCS_LIMITS = {
  nameChars: 80,
  textChars: 3072,
  titleBytes: 200,
  descriptionBytes: 2000,
  labelChars: 25,
  postbackChars: 2048,
  messageSuggestions: 11,
  cardSuggestions: 4,
  carouselMin: 2,
  carouselMax: 10,
} as const;

/** One suggestion; which fields matter depends on `type` (the rules below say which are required). */
export interface RcsSuggestion {
  type: RcsSuggestionType;
  /** The chip's label. */
  text: string;
  postbackData?: string;
  url?: string;
  phoneNumber?: string;
  latitude?: number;
  longitude?: number;
  /** A place to search for, instead of coordinates. */
  query?: string;
  title?: string;
  description?: string;
  startTime?: string;
  endTime?: string;
}

export interface RcsCard {
  cardTitle: string;
  cardDescription: string;
  mediaUrl: string;
  suggestions: RcsSuggestion[];
}

export interface RcsCarouselCard extends RcsCard {
  order: number;
}

export interface RcsTemplateDraft {
  botId: string;
  name: string;
  type: RcsTemplateType;
  textMessageContent: string;
  orientation: RcsOrientation;
  alignment: RcsAlignment;
  height: RcsHeight;
  width: RcsWidth;
  suggestions: RcsSuggestion[];
  standAlone: RcsCard;
  carouselList: RcsCarouselCard[];
}

export interface RcsFieldError {
  field: string;
  message: string;
}

const encoder = new TextEncoder();

/** UTF-8 length: what RBM counts for titles and descriptions (a Devanagari letter is 3 bytes, most emoji 4). */
export const utf8Bytes = (value: string): number => encoder.encode(value).length;

/** Characters as people count them (code points), so an emoji is one, not two UTF-16 units. */
export const charCount = (value: string): number => [...value].length;

export const emptyCard = (): RcsCard => ({ cardTitle: "", cardDescription: "", mediaUrl: "", suggestions: [] });

export const emptyRcsDraft = (botId = ""): RcsTemplateDraft => ({
  botId,
  name: "",
  type: "text",
  textMessageContent: "",
  orientation: "VERTICAL",
  alignment: "LEFT",
  height: "MEDIUM",
  width: "MEDIUM",
  suggestions: [],
  standAlone: emptyCard(),
  carouselList: [
    { ...emptyCard(), order: 1 },
    { ...emptyCard(), order: 2 },
  ],
});

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
// E.164 with an optional plus: what RBM's dial action accepts.
const PHONE = /^\+?[1-9]\d{6,14}$/;

const isBlank = (value: string | undefined): boolean => !value || value.trim() === "";
const isFiniteIn = (value: number | undefined, limit: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit;

/** The field errors of one suggestion; `at` is its path ("suggestions.0"). */
export function checkSuggestion(s: RcsSuggestion, at: string): RcsFieldError[] {
  const errors: RcsFieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field: `${at}.${field}`, message });
  if (isBlank(s.text)) fail("text", "Label is required");
  else if (charCount(s.text) > RCS_LIMITS.labelChars)
    fail("text", `Label must be at most ${RCS_LIMITS.labelChars} characters`);
  if (s.postbackData && charCount(s.postbackData) > RCS_LIMITS.postbackChars)
    fail("postbackData", `Postback data must be at most ${RCS_LIMITS.postbackChars} characters`);
  switch (s.type) {
    case "reply":
      break;
    case "url":
      if (isBlank(s.url)) fail("url", "URL is required");
      else if (!HTTP_URL.test(s.url ?? "")) fail("url", "URL must start with http:// or https://");
      break;
    case "dial":
      if (isBlank(s.phoneNumber)) fail("phoneNumber", "Phone number is required");
      else if (!PHONE.test((s.phoneNumber ?? "").replace(/[\s()-]/g, "")))
        fail("phoneNumber", "Phone number must be in international format, e.g. +919876543210");
      break;
    case "location": {
      const hasPoint = s.latitude !== undefined || s.longitude !== undefined;
      if (hasPoint) {
        if (!isFiniteIn(s.latitude, 90)) fail("latitude", "Latitude must be between -90 and 90");
        if (!isFiniteIn(s.longitude, 180)) fail("longitude", "Longitude must be between -180 and 180");
      } else if (isBlank(s.query)) fail("query", "Give a place to search for, or a latitude and longitude");
      break;
    }
    case "calendar": {
      if (isBlank(s.title)) fail("title", "Event title is required");
      const start = Date.parse(s.startTime ?? "");
      const end = Date.parse(s.endTime ?? "");
      if (Number.isNaN(start)) fail("startTime", "Start time is required");
      if (Number.isNaN(end)) fail("endTime", "End time is required");
      else if (!Number.isNaN(start) && end <= start) fail("endTime", "End time must be after the start time");
      break;
    }
    default:
      fail("type", `Suggestion type must be one of ${RCS_SUGGESTION_TYPES.join(", ")}`);
  }
  return errors;
}

function checkSuggestions(list: readonly RcsSuggestion[], at: string, max: number, what: string): RcsFieldError[] {
  const errors = list.flatMap((s, i) => checkSuggestion(s, `${at}.${i}`));
  if (list.length > max) errors.unshift({ field: at, message: `At most ${max} suggestions ${what}` });
  return errors;
}

/** The field errors of one card (standalone or in a carousel); `at` is its path. */
export function checkCard(card: RcsCard, at: string): RcsFieldError[] {
  const errors: RcsFieldError[] = [];
  if (isBlank(card.cardTitle) && isBlank(card.cardDescription) && isBlank(card.mediaUrl))
    errors.push({ field: `${at}.cardTitle`, message: "A card needs a title, a description or media" });
  const titleBytes = utf8Bytes(card.cardTitle);
  if (titleBytes > RCS_LIMITS.titleBytes)
    errors.push({
      field: `${at}.cardTitle`,
      message: `Title is ${titleBytes} bytes; at most ${RCS_LIMITS.titleBytes} bytes of UTF-8`,
    });
  const descriptionBytes = utf8Bytes(card.cardDescription);
  if (descriptionBytes > RCS_LIMITS.descriptionBytes)
    errors.push({
      field: `${at}.cardDescription`,
      message: `Description is ${descriptionBytes} bytes; at most ${RCS_LIMITS.descriptionBytes} bytes of UTF-8`,
    });
  if (!isBlank(card.mediaUrl) && !HTTP_URL.test(card.mediaUrl))
    errors.push({ field: `${at}.mediaUrl`, message: "Media URL must start with http:// or https://" });
  errors.push(...checkSuggestions(card.suggestions, `${at}.suggestions`, RCS_LIMITS.cardSuggestions, "per card"));
  return errors;
}

function checkCarousel(d: RcsTemplateDraft): RcsFieldError[] {
  const cards = d.carouselList;
  const errors: RcsFieldError[] = [];
  if (cards.length < RCS_LIMITS.carouselMin || cards.length > RCS_LIMITS.carouselMax)
    errors.push({
      field: "carouselList",
      message: `A carousel has ${RCS_LIMITS.carouselMin} to ${RCS_LIMITS.carouselMax} cards`,
    });
  const orders = cards.map((c) => c.order);
  if (new Set(orders).size !== orders.length)
    errors.push({ field: "carouselList", message: "Each card needs its own order" });
  cards.forEach((card, i) => errors.push(...checkCard(card, `carouselList.${i}`)));
  return errors;
}

/** Every rule a draft breaks, each with the field it belongs to; empty when the draft may be saved. */
export function checkRcsTemplate(d: RcsTemplateDraft): RcsFieldError[] {
  const errors: RcsFieldError[] = [];
  if (isBlank(d.botId)) errors.push({ field: "botId", message: "Choose a bot" });
  if (isBlank(d.name)) errors.push({ field: "name", message: "Name is required" });
  else if (charCount(d.name) > RCS_LIMITS.nameChars)
    errors.push({ field: "name", message: `Name must be at most ${RCS_LIMITS.nameChars} characters` });
  if (d.type === "text") {
    if (isBlank(d.textMessageContent))
      errors.push({ field: "textMessageContent", message: "Message text is required" });
    else if (charCount(d.textMessageContent) > RCS_LIMITS.textChars)
      errors.push({
        field: "textMessageContent",
        message: `Message text must be at most ${RCS_LIMITS.textChars} characters`,
      });
  }
  if (d.type === "standalone") {
    errors.push(...checkCard(d.standAlone, "standAlone"));
    if (d.orientation === "HORIZONTAL" && isBlank(d.standAlone.mediaUrl))
      errors.push({ field: "standAlone.mediaUrl", message: "A horizontal card needs media" });
  }
  if (d.type === "carousel") {
    errors.push(...checkCarousel(d));
    // RBM: a small carousel card cannot hold tall media (the card would be taller than it is wide by far).
    if (d.height === "TALL" && d.width === "SMALL")
      errors.push({ field: "height", message: "TALL media is not allowed with SMALL card width" });
  }
  errors.push(...checkSuggestions(d.suggestions, "suggestions", RCS_LIMITS.messageSuggestions, "per message"));
  return errors;
}

/** The carousel cards in their display order (by `order`, then position). */
export const orderedCards = (cards: readonly RcsCarouselCard[]): RcsCarouselCard[] =>
  cards
    .map((card, i) => ({ card, i }))
    .sort((a, b) => a.card.order - b.card.order || a.i - b.i)
    .map(({ card }) => card);
