// How the stand-in calls back like Meta: POST the JSON with X-Hub-Signature-256 ("sha256=" + HMAC-SHA256 of the exact
// bytes with the app secret), retried while the receiver does not answer 200 (Meta retries for up to a day; the
// stand-in a few times, quickly), and the GET verification handshake Meta makes when a callback URL is configured.
import { createHmac, randomBytes } from "node:crypto";

export interface WebhookDelivery {
  url: string;
  status: number;
  attempts: number;
  body: string;
}

export interface WebhookSender {
  /** Posts `payload` signed with `secret` (or with the given signature header, or none, to test refusals). */
  post(url: string, payload: unknown, secret: string, signature?: string | null): Promise<WebhookDelivery>;
  /** Meta's handshake: GET url?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…; true when echoed. */
  verify(url: string, verifyToken: string): Promise<{ ok: boolean; status: number; body: string }>;
  /** Every delivery made, in order. */
  readonly log: WebhookDelivery[];
  /** Resolves when no delivery is in flight. */
  idle(): Promise<void>;
}

export const sign = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createWebhookSender(retries = 3): WebhookSender {
  const log: WebhookDelivery[] = [];
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(task: Promise<T>): Promise<T> => {
    inflight.add(task);
    void task.finally(() => inflight.delete(task)).catch(() => undefined);
    return task;
  };

  async function attempt(
    url: string,
    body: string,
    signature: string | null,
  ): Promise<{ status: number; text: string }> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      return { status: 0, text: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    log,
    post: (url, payload, secret, signature) =>
      track(
        (async () => {
          const body = JSON.stringify(payload);
          const header = signature === undefined ? sign(secret, body) : signature;
          let result = await attempt(url, body, header);
          let attempts = 1;
          // A refused signature will not get better by retrying; a receiver that is down might.
          while ((result.status === 0 || result.status >= 500) && attempts < retries) {
            await sleep(50 * attempts);
            result = await attempt(url, body, header);
            attempts += 1;
          }
          const delivery = { url, status: result.status, attempts, body: result.text };
          log.push(delivery);
          return delivery;
        })(),
      ),
    verify: async (url, verifyToken) => {
      const challenge = String(randomBytes(4).readUInt32BE());
      const target = new URL(url);
      target.searchParams.set("hub.mode", "subscribe");
      target.searchParams.set("hub.verify_token", verifyToken);
      target.searchParams.set("hub.challenge", challenge);
      const response = await fetch(target, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      const body = response ? await response.text() : "";
      return { ok: response?.status === 200 && body === challenge, status: response?.status ?? 0, body };
    },
    idle: async () => {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
