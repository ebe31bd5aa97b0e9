import { SEGMENT_DEFINITION } from "./segment-fields";

/** An unsaved definition, counted or sampled while the builder edits it. */
export const segmentPreview = {
  title: "Segment preview",
  type: "object",
  additionalProperties: false,
  required: ["definition"],
  properties: { definition: SEGMENT_DEFINITION },
} as const;
