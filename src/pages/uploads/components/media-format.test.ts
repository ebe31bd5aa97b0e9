import { describe, expect, it } from "vitest";
import { acceptOf, formatBytes, rulesHint, shortType } from "./media-format";

describe("media formatting", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1536, "1.5 KB"],
    [5 * 1024 * 1024, "5.0 MB"],
    [100 * 1024 * 1024, "100 MB"],
  ])("formatBytes(%i) = %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    ["image/jpeg", "JPG"],
    ["application/pdf", "PDF"],
    ["video/3gpp", "3GPP"],
  ])("shortType(%s) = %s", (mime, text) => {
    expect(shortType(mime)).toBe(text);
  });

  it("describes and accepts each channel's rules, optionally for one kind", () => {
    expect(rulesHint("whatsapp")).toBe(
      "Images JPG, PNG up to 5.0 MB · Videos MP4, 3GPP up to 16 MB · Documents PDF up to 100 MB",
    );
    expect(rulesHint("rcs", "image")).toBe("Images JPG, PNG, GIF up to 100 MB");
    expect(acceptOf("whatsapp", "image")).toBe("image/jpeg,image/png");
  });
});
