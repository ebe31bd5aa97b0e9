import { describe, expect, it } from "vitest";
import type { MediaUpload } from "../carrier";
import { MediaRefused } from "../media-refused";
import type { SandboxContext } from "./context";
import { sandboxUploadMedia } from "./media";
import { testSandboxConfig } from "./test-config";

const ctx = (seed = "seed-a"): SandboxContext => ({
  config: { ...testSandboxConfig(seed), reviewMs: { min: 0, max: 0 } },
  emit: async () => undefined,
  later: () => undefined,
});
const MB = 1024 * 1024;
const media = (over: Partial<MediaUpload> = {}): MediaUpload => ({
  channel: "whatsapp",
  owner: "waba-1",
  bytes: new Uint8Array([1, 2, 3]),
  mimeType: "image/png",
  fileName: "a.png",
  ...over,
});

describe("sandbox media upload", () => {
  it("answers a WhatsApp-style handle, the same for the same seed, owner and bytes", async () => {
    const first = await sandboxUploadMedia(ctx(), media());
    expect(first.handle).toMatch(/^4::aW1hZ2UvcG5n:[A-Za-z0-9_-]{43}$/);
    expect(await sandboxUploadMedia(ctx(), media())).toEqual(first);
    expect((await sandboxUploadMedia(ctx("seed-b"), media())).handle).not.toBe(first.handle);
    expect((await sandboxUploadMedia(ctx(), media({ owner: "waba-2" }))).handle).not.toBe(first.handle);
    expect((await sandboxUploadMedia(ctx(), media({ channel: "rcs", owner: "bot-1" }))).handle).toMatch(
      /^rbm\/bot-1\/files\/[A-Za-z0-9_-]{43}$/,
    );
  });

  it.each([
    ["a GIF on WhatsApp", media({ mimeType: "image/gif" }), "WhatsApp accepts image/jpeg, image/png"],
    [
      "a WhatsApp video over 16 MB",
      media({ mimeType: "video/mp4", bytes: new Uint8Array(16 * MB + 1) }),
      "at most 16 MB",
    ],
    ["an empty file", media({ bytes: new Uint8Array(0) }), "The file is empty"],
    ["media on SMS", media({ channel: "sms" }), "not sms"],
  ])("refuses %s as the provider would", async (_what, upload, message) => {
    const refusal = sandboxUploadMedia(ctx(), upload);
    await expect(refusal).rejects.toBeInstanceOf(MediaRefused);
    await expect(refusal).rejects.toThrow(message);
  });
});
