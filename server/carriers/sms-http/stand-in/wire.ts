// What both stand-in modes share: reading a request's body, and reporting a delivery to the callback URL.
import type { IncomingMessage } from "node:http";

export const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString("utf8")));
    req.on("end", () => resolve(data));
  });

/** A delivery report POSTed as JSON to the callback URL after `delayMs`; a refused or absent receiver is ignored. */
export function report(callbackUrl: string, body: unknown, delayMs: number): void {
  setTimeout(() => {
    void fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }, delayMs).unref();
}
