import {
  RCS_ALIGNMENTS,
  RCS_HEIGHTS,
  RCS_ORIENTATIONS,
  RCS_SUGGESTION_TYPES,
  RCS_TEMPLATE_TYPES,
  RCS_WIDTHS,
} from "../contract/domain/rcs";

// The shape of an RCS template draft (SPEC 3). The RBM limits (bytes, counts, required fields per suggestion type)
// are checked by contract/domain/rcs.ts, which names the field and the rule; the bounds here only keep a request
// small, so they are looser than the rules and never the message a person sees.
const TEXT = { type: "string", maxLength: 10000, pattern: "^[^\\u0000]*$" } as const;
const SHORT = { type: "string", maxLength: 2048, pattern: "^[^\\u0000]*$" } as const;

const SUGGESTION = {
  type: "object",
  additionalProperties: false,
  required: ["type", "text"],
  properties: {
    type: { type: "string", enum: RCS_SUGGESTION_TYPES },
    text: SHORT,
    postbackData: SHORT,
    url: SHORT,
    phoneNumber: SHORT,
    latitude: { type: "number" },
    longitude: { type: "number" },
    query: SHORT,
    title: SHORT,
    description: SHORT,
    startTime: SHORT,
    endTime: SHORT,
  },
} as const;

const SUGGESTIONS = { type: "array", maxItems: 50, items: SUGGESTION } as const;

const CARD_FIELDS = {
  cardTitle: TEXT,
  cardDescription: TEXT,
  mediaUrl: SHORT,
  suggestions: SUGGESTIONS,
} as const;

export const rcsTemplate = {
  title: "RCS template",
  type: "object",
  additionalProperties: false,
  required: ["botId", "name", "type"],
  properties: {
    botId: { type: "string", maxLength: 64, pattern: "^[^\\u0000]*$" },
    name: { type: "string", maxLength: 200, pattern: "^[^\\u0000]*$" },
    type: { type: "string", enum: RCS_TEMPLATE_TYPES },
    textMessageContent: TEXT,
    orientation: { type: "string", enum: RCS_ORIENTATIONS },
    alignment: { type: "string", enum: RCS_ALIGNMENTS },
    height: { type: "string", enum: RCS_HEIGHTS },
    width: { type: "string", enum: RCS_WIDTHS },
    suggestions: SUGGESTIONS,
    standAlone: { type: "object", additionalProperties: false, properties: CARD_FIELDS },
    carouselList: {
      type: "array",
      maxItems: 50,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["order"],
        properties: { order: { type: "integer", minimum: 0, maximum: 1000 }, ...CARD_FIELDS },
      },
    },
    fromLibrary: { type: "boolean" },
    libraryId: { type: "string", maxLength: 80, pattern: "^[^\\u0000]*$" },
  },
} as const;
