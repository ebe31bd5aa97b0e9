// What media each channel accepts (types and sizes), one table for the server's refusal and the console's hint.
// Sizes from the providers' documentation: WhatsApp Cloud API media limits, Google RBM's 100 MB file limit.

export type MediaKind = "image" | "video" | "document";
export const MEDIA_CHANNELS = ["whatsapp", "rcs"] as const;
export type MediaChannel = (typeof MEDIA_CHANNELS)[number];

export interface MediaRule {
  types: readonly string[];
  maxBytes: number;
}

const MB = 1024 * 1024;

export const MEDIA_RULES: Record<MediaChannel, Partial<Record<MediaKind, MediaRule>>> = {
  whatsapp: {
    image: { types: ["image/jpeg", "image/png"], maxBytes: 5 * MB },
    video: { types: ["video/mp4", "video/3gpp"], maxBytes: 16 * MB },
    document: { types: ["application/pdf"], maxBytes: 100 * MB },
  },
  rcs: {
    image: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 100 * MB },
    video: { types: ["video/mp4", "video/mpeg", "video/webm"], maxBytes: 100 * MB },
    document: { types: ["application/pdf"], maxBytes: 100 * MB },
  },
};

/** The largest file any channel accepts: the multipart limit of the server. */
export const MAX_MEDIA_BYTES = Math.max(
  ...Object.values(MEDIA_RULES).flatMap((rules) => Object.values(rules).map((rule) => rule.maxBytes)),
);

export type MediaVerdict = { ok: true; kind: MediaKind } | { ok: false; message: string };

const sizeText = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * Whether a file of `mimeType` (sniffed from its bytes) and `size` may go out on `channel`, optionally as a given
 * kind (a template header that must be an image). The message names the rule that was broken.
 */
export function checkMedia(
  channel: MediaChannel,
  mimeType: string | undefined,
  size: number,
  kind?: MediaKind,
): MediaVerdict {
  const rules = MEDIA_RULES[channel];
  const found = (Object.entries(rules) as [MediaKind, MediaRule][]).find(
    ([, rule]) => mimeType && rule.types.includes(mimeType),
  );
  if (!found || (kind && found[0] !== kind)) {
    const wanted = kind ? [kind] : (Object.keys(rules) as MediaKind[]);
    const types = wanted.flatMap((k) => rules[k]?.types ?? []).join(", ");
    return {
      ok: false,
      message: `${channel === "whatsapp" ? "WhatsApp" : "RCS"} accepts ${types} here; this file is ${mimeType ?? "of an unknown type"}`,
    };
  }
  const [foundKind, rule] = found;
  if (size > rule.maxBytes) {
    return {
      ok: false,
      message: `A ${channel === "whatsapp" ? "WhatsApp" : "RCS"} ${foundKind} may be at most ${sizeText(rule.maxBytes)}; this file is ${(size / MB).toFixed(1)} MB`,
    };
  }
  if (size === 0) return { ok: false, message: "The file is empty" };
  return { ok: true, kind: foundKind };
}
