import { describe, expect, it } from "vitest";
import { signedPath, verifyLink } from "./links";

const parts = (path: string) => {
  const url = new URL(path, "http://x");
  return {
    id: url.pathname.split("/").pop() ?? "",
    exp: Number(url.searchParams.get("exp")),
    sig: url.searchParams.get("sig") ?? "",
  };
};

describe("signed upload links", () => {
  const now = 1_800_000_000;
  const { id, exp, sig } = parts(signedPath("s", "file-1", now));

  it("expire between one and two hours after signing, on a whole hour, so a link stays stable for a while", () => {
    expect(exp % 3600).toBe(0);
    expect(exp - now).toBeGreaterThan(3600);
    expect(exp - now).toBeLessThanOrEqual(7200);
    expect(signedPath("s", "file-1", now + 1)).toBe(signedPath("s", "file-1", now));
  });

  it.each([
    ["valid", "s", "file-1", exp, sig, now, "ok"],
    ["expired", "s", "file-1", exp, sig, exp + 1, "expired"],
    ["another id", "s", "file-2", exp, sig, now, "bad-signature"],
    ["another expiry", "s", "file-1", exp + 1, sig, now, "bad-signature"],
    ["another secret", "t", "file-1", exp, sig, now, "bad-signature"],
    ["a truncated signature", "s", "file-1", exp, sig.slice(1), now, "bad-signature"],
  ] as const)("%s → %s", (_what, secret, fileId, e, s, at, verdict) => {
    expect(id).toBe("file-1");
    expect(verifyLink(secret, fileId, e, s, at)).toBe(verdict);
  });
});
