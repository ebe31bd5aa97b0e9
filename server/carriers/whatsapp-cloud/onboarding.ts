// Embedded Signup, server side (a Tech Provider's onboarding steps): exchange the code the console got from Meta's
// popup for the business's token (GET /oauth/access_token with the platform app's id and secret), find the WABA the
// business shared when the console did not say (GET /debug_token), subscribe the app to the WABA's webhooks with our
// callback URL and verify token (POST /{waba-id}/subscribed_apps), and register the number for Cloud API with a PIN
// (POST /{phone-number-id}/register). Every call goes to the configured Graph URL (the stand-in in tests).
import { randomInt } from "node:crypto";
import type { EmbeddedSignupConfig, WhatsAppCloudConfig } from "./config";
import { graph } from "./graph";

export async function exchangeCode(
  config: WhatsAppCloudConfig,
  app: EmbeddedSignupConfig,
  code: string,
): Promise<string> {
  const answer = await graph<{ access_token: string }>(config, {
    method: "GET",
    path: "/oauth/access_token",
    query: { client_id: app.appId, client_secret: app.appSecret, code },
  });
  return answer.access_token;
}

interface DebugToken {
  data?: { granular_scopes?: { scope: string; target_ids?: string[] }[] };
}

/** The WABAs the business token may manage (Embedded Signup shares exactly one). */
export async function sharedWabaIds(
  config: WhatsAppCloudConfig,
  app: EmbeddedSignupConfig,
  token: string,
): Promise<string[]> {
  const answer = await graph<DebugToken>(config, {
    method: "GET",
    path: "/debug_token",
    query: { input_token: token, access_token: `${app.appId}|${app.appSecret}` },
  });
  return answer.data?.granular_scopes?.find((s) => s.scope === "whatsapp_business_management")?.target_ids ?? [];
}

/** Webhooks of the WABA to `callbackUrl` (or the app's own when omitted), verified with `verifyToken`. */
export async function subscribeApp(
  config: WhatsAppCloudConfig,
  token: string,
  wabaId: string,
  callback?: { url: string; verifyToken: string },
): Promise<void> {
  await graph<{ success: boolean }>(config, {
    method: "POST",
    path: `/${wabaId}/subscribed_apps`,
    token,
    ...(callback ? { json: { override_callback_uri: callback.url, verify_token: callback.verifyToken } } : {}),
  });
}

/** A fresh six-digit two-step verification PIN. */
export const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export async function registerNumber(
  config: WhatsAppCloudConfig,
  token: string,
  phoneNumberId: string,
  pin: string,
): Promise<void> {
  await graph<{ success: boolean }>(config, {
    method: "POST",
    path: `/${phoneNumberId}/register`,
    token,
    json: { messaging_product: "whatsapp", pin },
  });
}
