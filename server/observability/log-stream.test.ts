import { PassThrough } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { logDestination } from "./log-stream";

describe("logDestination", () => {
  it("leaves pino's JSON lines alone when stdout is not a terminal", async () => {
    expect(await logDestination(false)).toBeUndefined();
  });

  it("writes one readable line per event on a terminal: time, level, message, no pid or host", async () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    const log = pino({ level: "info" }, await logDestination(true, out));
    log.info("ready in 3 s: http://localhost:8080");
    await new Promise((resolve) => setImmediate(resolve));
    // eslint-disable-next-line no-control-regex -- the colours a terminal shows
    const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: ready in 3 s: http:\/\/localhost:8080\n$/);
    expect(plain).not.toMatch(/pid|hostname|\{/);
  });
});
