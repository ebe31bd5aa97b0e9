// The channels' media rules, per channel × file type × size, on files sniffed from their bytes (as the attachment
// upload, the stand-ins and received media are judged), and the template header table left as it was.
import { describe, expect, it } from "vitest";
import { checkChatMedia, checkMedia, maxChatBytes, type MediaChannel } from "../../contract/domain/media";
import { sniffMedia } from "../storage/sniff";
import { SAMPLES, type SampleName } from "./media-samples";

const KB = 1024;
const MB = 1024 * KB;

/** [channel, sample, size, verdict: the kind it goes as, or a piece of the refusal]. */
const TABLE: readonly [MediaChannel, SampleName, number, string][] = [
  ["whatsapp", "jpeg", 5 * MB, "image"],
  ["whatsapp", "jpeg", 5 * MB + 1, "may be at most 5 MB"],
  ["whatsapp", "png", 2 * MB, "image"],
  ["whatsapp", "gif", 1 * MB, "this file is image/gif"],
  ["whatsapp", "mp4", 16 * MB, "video"],
  ["whatsapp", "mp4", 16 * MB + 1, "video may be at most 16 MB"],
  ["whatsapp", "3gp", 3 * MB, "video"],
  ["whatsapp", "mp3", 16 * MB, "audio"],
  ["whatsapp", "mp3", 16 * MB + 1, "audio may be at most 16 MB"],
  ["whatsapp", "m4a", 1 * MB, "audio"],
  ["whatsapp", "amr", 1 * MB, "audio"],
  ["whatsapp", "opus", 1 * MB, "audio"],
  ["whatsapp", "vorbis", 1 * MB, "this file is audio/ogg (not Opus)"],
  ["whatsapp", "pdf", 100 * MB, "document"],
  ["whatsapp", "pdf", 100 * MB + 1, "document may be at most 100 MB"],
  ["whatsapp", "txt", 10 * KB, "document"],
  ["whatsapp", "doc", 0, "document"],
  ["whatsapp", "xls", 0, "document"],
  ["whatsapp", "ppt", 0, "document"],
  ["whatsapp", "docx", 0, "document"],
  ["whatsapp", "xlsx", 0, "document"],
  ["whatsapp", "pptx", 0, "document"],
  ["whatsapp", "webp", 100 * KB, "sticker"],
  ["whatsapp", "webp", 100 * KB + 1, "a still sticker may be at most 100 KB"],
  ["whatsapp", "animatedWebp", 500 * KB, "sticker"],
  ["whatsapp", "animatedWebp", 500 * KB + 1, "an animated sticker may be at most 500 KB"],
  ["whatsapp", "exe", 1 * KB, "this file is application/x-msdownload"],
  ["rcs", "jpeg", 100 * MB, "image"],
  ["rcs", "jpeg", 100 * MB + 1, "image may be at most 100 MB"],
  ["rcs", "gif", 1 * MB, "image"],
  ["rcs", "mp4", 50 * MB, "video"],
  ["rcs", "pdf", 1 * MB, "document"],
  ["rcs", "mp3", 1 * MB, "RCS accepts"],
  ["rcs", "docx", 0, "RCS accepts"],
  ["rcs", "webp", 10 * KB, "RCS accepts"],
];

describe("the chat media rules", () => {
  it.each(TABLE)("%s takes %s of %i bytes: %s", async (channel, sample, size, expected) => {
    const bytes = (SAMPLES[sample] as (size?: number) => Buffer)(size || undefined);
    const sniffed = await sniffMedia(bytes);
    // Sizes above the sample's are judged as declared: the rules read the length, not the content.
    const verdict = checkChatMedia(channel, sniffed.mimeType, size || bytes.length, sniffed.animated);
    if (verdict.ok) expect(verdict.kind).toBe(expected);
    else expect(verdict.message).toContain(expected);
  });

  it("an empty file is refused, and the largest file per channel bounds the upload", () => {
    expect(checkChatMedia("whatsapp", "image/jpeg", 0)).toEqual({ ok: false, message: "The file is empty" });
    expect(maxChatBytes("whatsapp")).toBe(100 * MB);
    expect(maxChatBytes("rcs")).toBe(100 * MB);
  });

  it("template headers and the media library keep their own table: documents are PDF only, no audio", () => {
    expect(checkMedia("whatsapp", "application/pdf", MB, "document")).toEqual({ ok: true, kind: "document" });
    expect(checkMedia("whatsapp", "application/msword", MB).ok).toBe(false);
    expect(checkMedia("whatsapp", "audio/mpeg", MB).ok).toBe(false);
    expect(checkMedia("whatsapp", "image/jpeg", 6 * MB)).toEqual({
      ok: false,
      message: "A WhatsApp image may be at most 5 MB; this file is 6.0 MB",
    });
  });
});
