// For the adapter tests: the webhook route's part (server/routes/carrier-channels/webhooks.ts) in small. A local HTTP
// server hands each delivery report (and each customer's message) the stand-in posts to the adapter, answers with the
// adapter's answer, and keeps the events it gave, each key once (the route's intake drops a key it has seen).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChannelAdapter, KeyedEvent } from "../router/channel-adapter";

export interface DlrReceiver {
  /** Where the stand-in posts its reports (the channel's verify token goes in the query). */
  url: string;
  delivered: KeyedEvent[];
  close(): Promise<void>;
}

/** `adapter` is read per report: the tests make the adapter after the stand-in, which needs this URL first. */
export async function startDlrReceiver(adapter: () => ChannelAdapter): Promise<DlrReceiver> {
  const delivered: KeyedEvent[] = [];
  const seen = new Set<string>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const query = Object.fromEntries(new URL(req.url ?? "/", "http://x").searchParams);
      void adapter()
        .webhook({
          method: req.method === "GET" ? "GET" : "POST",
          query,
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
        })
        .then((answer) => {
          for (const e of answer.events ?? []) if (!seen.has(e.key)) delivered.push((seen.add(e.key), e));
          res.writeHead(answer.status).end(answer.body ?? "");
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dlr`,
    delivered,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

/** Reads until `ok` or `ms` pass, and returns the last value (the test's expectation then says what was wrong). */
export async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
