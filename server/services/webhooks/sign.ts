import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../../contract/domain/webhooks";

/** 32 random bytes, base64url, after a recognisable prefix. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What the console shows of a secret: enough to tell two apart, nothing to sign with. */
export function secretHint(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** `v1=<hex>`: HMAC-SHA256 over `<timestamp>.<body>` keyed with the whole secret string (prefix included). */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The X-Webhook-Signature value: one `v1=` per secret that currently signs (two during a rotation's grace day). */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((s) => signature(s, timestamp, body)).join(" ");
}
