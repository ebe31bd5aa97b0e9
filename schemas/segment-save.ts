import { SEGMENT_DEFINITION, SEGMENT_DESCRIPTION, SEGMENT_NAME } from "./segment-fields";

/** A segment as saved: its name (unique in the account), a description and its definition. */
export const segmentSave = {
  title: "Segment",
  type: "object",
  additionalProperties: false,
  required: ["name", "definition"],
  properties: { name: SEGMENT_NAME, description: SEGMENT_DESCRIPTION, definition: SEGMENT_DEFINITION },
} as const;
