// The examples of the API Docs page, as text: what the person copies must be exactly what is shown.

export type ExampleChannel = "sms" | "whatsapp" | "rcs";

const BODIES: Record<ExampleChannel, object> = {
  sms: { channel: "sms", to: "+919812345678", templateId: "<template id>", variables: ["Asha", "4521"] },
  whatsapp: {
    channel: "whatsapp",
    to: "+919812345678",
    templateId: "<template id>",
    variables: ["Asha"],
    fallback: [{ channel: "sms", templateId: "<sms template id>", variables: ["Asha"] }],
  },
  rcs: {
    channel: "rcs",
    to: "+919812345678",
    templateId: "<template id>",
    fallback: [
      { channel: "whatsapp", templateId: "<template id>" },
      { channel: "sms", templateId: "<sms template id>" },
    ],
  },
};

/** Shell-quoted for single quotes. */
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function sendExample(base: string, key: string, channel: ExampleChannel): string {
  return [
    `curl -X POST ${base}/api/public/v1/messages \\`,
    `  -H ${sq(`Authorization: Bearer ${key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: order-4521-confirmation' \\`,
    `  -d ${sq(JSON.stringify(BODIES[channel], null, 2).replace(/\n/g, "\n     "))}`,
  ].join("\n");
}

export function templatesExample(base: string, key: string): string {
  return `curl ${base}/api/public/v1/templates?channel=sms \\\n  -H ${sq(`X-API-Key: ${key}`)}`;
}

export function statusExample(base: string, key: string): string {
  return `curl ${base}/api/public/v1/messages/<message id> \\\n  -H ${sq(`Authorization: Bearer ${key}`)}`;
}

/** Node: the receiver's check of a webhook's signature (the same as README's). */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string, before JSON.parse).
export function verifyWebhook(secret, headers, rawBody, toleranceSeconds = 300) {
  const timestamp = headers["x-webhook-timestamp"];
  const signatures = String(headers["x-webhook-signature"] ?? "").split(" ");
  if (!/^\\d+$/.test(timestamp ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false; // too old: a replay
  const expected = Buffer.from(createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex"));
  return signatures.some((s) => {
    const given = Buffer.from(s.replace(/^v1=/, ""));
    return s.startsWith("v1=") && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;
