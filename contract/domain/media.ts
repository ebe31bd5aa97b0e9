// What media each channel accepts (types and sizes), one table for the server's refusal and the console's hint.
//
// WhatsApp Cloud API, "Supported media types" (the media reference): audio AAC (audio/aac), AMR (audio/amr), MP3
// (audio/mpeg), MP4 audio (audio/mp4) and OGG (audio/ogg, "OPUS codecs only; base audio/ogg not supported"), 16 MB;
// documents text/plain, PDF, Word (.doc/.docx), Excel (.xls/.xlsx), PowerPoint (.ppt/.pptx), 100 MB; images JPEG and
// PNG, 5 MB; stickers image/webp, "Animated sticker 500 KB, Static sticker 100 KB"; video 3GPP and MP4, 16 MB.
// Google RBM: "The maximum size of files sent through RBM is 100 MB"; media types "image/jpeg, image/jpg, image/gif,
// image/png; video/h263, video/m4v, video/mp4, video/mpeg, video/mpeg4, video/webm", and PDF files. RBM has no audio
// messages. SMS carries text only.

export type MediaKind = "image" | "video" | "document";
/** What a chat message may carry: the template kinds plus audio and stickers. */
export type ChatMediaKind = MediaKind | "audio" | "sticker";
export const MEDIA_CHANNELS = ["whatsapp", "rcs"] as const;
export type MediaChannel = (typeof MEDIA_CHANNELS)[number];

export interface MediaRule {
  types: readonly string[];
  maxBytes: number;
  /** Stickers: an animated WebP may be larger than a still one (maxBytes). */
  animatedMaxBytes?: number;
}

const KB = 1024;
const MB = 1024 * KB;

const OFFICE = {
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
} as const;

/**
 * Everything a provider takes in a message (the inbox's attachments, inbound media). `audio/ogg` here means Ogg Opus:
 * the server's sniffer names other Ogg audio differently (server/storage/sniff.ts), as WhatsApp refuses it.
 */
export const CHAT_MEDIA_RULES: Record<MediaChannel, Partial<Record<ChatMediaKind, MediaRule>>> = {
  whatsapp: {
    image: { types: ["image/jpeg", "image/png"], maxBytes: 5 * MB },
    video: { types: ["video/mp4", "video/3gpp"], maxBytes: 16 * MB },
    audio: { types: ["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"], maxBytes: 16 * MB },
    document: { types: ["text/plain", "application/pdf", ...Object.values(OFFICE)], maxBytes: 100 * MB },
    sticker: { types: ["image/webp"], maxBytes: 100 * KB, animatedMaxBytes: 500 * KB },
  },
  rcs: {
    image: { types: ["image/jpeg", "image/png", "image/gif"], maxBytes: 100 * MB },
    video: { types: ["video/mp4", "video/mpeg", "video/webm", "video/h263", "video/x-m4v"], maxBytes: 100 * MB },
    document: { types: ["application/pdf"], maxBytes: 100 * MB },
  },
};

/**
 * The media library's and template headers' table (uploads, campaign and template header files): a WhatsApp template
 * header is an image, a video or a PDF document ("Document: PDF" in Meta's template header rules), never audio.
 */
export const MEDIA_RULES: Record<MediaChannel, Partial<Record<MediaKind, MediaRule>>> = {
  whatsapp: {
    image: CHAT_MEDIA_RULES.whatsapp.image,
    video: CHAT_MEDIA_RULES.whatsapp.video,
    document: { types: ["application/pdf"], maxBytes: 100 * MB },
  },
  rcs: {
    image: CHAT_MEDIA_RULES.rcs.image,
    video: { types: ["video/mp4", "video/mpeg", "video/webm"], maxBytes: 100 * MB },
    document: CHAT_MEDIA_RULES.rcs.document,
  },
};

/** The largest file any channel accepts: the multipart limit of the server. */
export const MAX_MEDIA_BYTES = Math.max(
  ...Object.values(CHAT_MEDIA_RULES).flatMap((rules) => Object.values(rules).map((rule) => rule.maxBytes)),
);

/** The largest file a channel accepts in a chat (what the attachment upload reads at most). */
export const maxChatBytes = (channel: MediaChannel): number =>
  Math.max(...Object.values(CHAT_MEDIA_RULES[channel]).map((rule) => rule.animatedMaxBytes ?? rule.maxBytes));

export type MediaVerdict<K extends string = MediaKind> = { ok: true; kind: K } | { ok: false; message: string };

/** 5 MB, 100 KB: the units the providers write their limits in. */
export const sizeText = (bytes: number) =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
const actualSize = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / KB)} KB`);
const channelName = (channel: MediaChannel) => (channel === "whatsapp" ? "WhatsApp" : "RCS");

function verdictOf<K extends string>(
  channel: MediaChannel,
  rules: Partial<Record<K, MediaRule>>,
  mimeType: string | undefined,
  size: number,
  kind: K | undefined,
  animated: boolean,
): MediaVerdict<K> {
  const found = (Object.entries(rules) as [K, MediaRule][]).find(
    ([, rule]) => mimeType && rule.types.includes(mimeType),
  );
  if (!found || (kind && found[0] !== kind)) {
    const wanted = kind ? [kind] : (Object.keys(rules) as K[]);
    const types = wanted.flatMap((k) => rules[k]?.types ?? []).join(", ");
    return {
      ok: false,
      message: `${channelName(channel)} accepts ${types} here; this file is ${mimeType ?? "of an unknown type"}`,
    };
  }
  const [foundKind, rule] = found;
  const limit = animated && rule.animatedMaxBytes ? rule.animatedMaxBytes : rule.maxBytes;
  if (size > limit) {
    const what = rule.animatedMaxBytes ? `${animated ? "an animated" : "a still"} ${foundKind}` : `${foundKind}`;
    return {
      ok: false,
      message: `A ${channelName(channel)} ${what} may be at most ${sizeText(limit)}; this file is ${actualSize(size)}`,
    };
  }
  if (size === 0) return { ok: false, message: "The file is empty" };
  return { ok: true, kind: foundKind };
}

/**
 * Whether a file of `mimeType` (sniffed from its bytes) and `size` may be a library or template header file on
 * `channel`, optionally as a given kind (a template header that must be an image). The message names the broken rule.
 */
export function checkMedia(
  channel: MediaChannel,
  mimeType: string | undefined,
  size: number,
  kind?: MediaKind,
): MediaVerdict {
  return verdictOf(channel, MEDIA_RULES[channel], mimeType, size, kind, false);
}

/** The same for a chat message's file: every kind the provider sends (`animated`: a WebP sticker with frames). */
export function checkChatMedia(
  channel: MediaChannel,
  mimeType: string | undefined,
  size: number,
  animated = false,
): MediaVerdict<ChatMediaKind> {
  return verdictOf(channel, CHAT_MEDIA_RULES[channel], mimeType, size, undefined, animated);
}

/** How long an attachment no message carries is kept (the agent removed it, or never sent). */
export const CHAT_FILE_UNUSED_HOURS = 24;
export const ATTACHMENT_EXPIRED = `The attachment was removed after ${CHAT_FILE_UNUSED_HOURS} hours unsent: attach the file again`;
/** SMS carries text only: why the inbox's attach button is off there. */
export const SMS_NO_FILES = "SMS carries text only: files can be sent on WhatsApp and RCS conversations";
