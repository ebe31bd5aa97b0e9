// Embedded Signup's server half (FACEBOOK_APP_ID set): the code from Meta's popup becomes the business's token, the
// WABA and number it shared become a channel of the caller, the number is registered for Cloud API, and the WABA's
// webhooks are pointed at the channel's own URL with its verify token. Meta verifies that URL at once, so the
// channel is stored first and removed again if Meta does not take the subscription.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CarrierChannelRecord } from "../../../contract/calls";
import { inspectWaba } from "../../carriers/whatsapp-cloud/connection";
import { GraphError } from "../../carriers/whatsapp-cloud/graph";
import {
  exchangeCode,
  newPin,
  registerNumber,
  sharedWabaIds,
  subscribeApp,
} from "../../carriers/whatsapp-cloud/onboarding";
import { linkOrigin } from "../../config";
import { carrierChannels } from "../../db/schema";
import { badRequest, HttpError } from "../../http/errors";
import { newVerifyToken, storeWhatsAppChannel, type ChannelDeps } from "./manage";
import { webhookUrlOf } from "./records";

const said = (error: unknown) =>
  error instanceof GraphError
    ? `${error.message}${error.details ? `: ${error.details}` : ""} (${error.code})`
    : error instanceof Error
      ? error.message
      : String(error);

/** Meta's refusal as 400, no answer as 502. */
const metaFailed = (step: string, error: unknown) =>
  new HttpError(error instanceof GraphError ? 400 : 502, `${step}: ${said(error)}`);

export async function onboardEmbeddedSignup(
  deps: ChannelDeps,
  ownerId: string,
  body: { code: string; waba_id?: string; phone_number_id?: string },
): Promise<{ record: CarrierChannelRecord; wabaId: string }> {
  const cloud = deps.config.whatsappCloud;
  const app = cloud.embeddedSignup;
  if (!app) throw badRequest("Embedded Signup is not configured on this server (FACEBOOK_APP_ID)");
  const token = await exchangeCode(cloud, app, body.code).catch((error: unknown) =>
    Promise.reject(metaFailed("Meta did not accept the signup code", error)),
  );
  const wabaId =
    body.waba_id ??
    (
      await sharedWabaIds(cloud, app, token).catch((error: unknown) =>
        Promise.reject(metaFailed("The shared WhatsApp Business Account could not be read", error)),
      )
    )[0];
  if (!wabaId) throw badRequest("The signup shared no WhatsApp Business Account");
  const found = await inspectWaba(cloud, token, wabaId).catch((error: unknown) =>
    Promise.reject(metaFailed("The WhatsApp Business Account could not be read", error)),
  );
  const phoneNumberId = body.phone_number_id ?? found.phoneNumbers[0]?.id;
  if (!phoneNumberId)
    throw badRequest(
      "The WhatsApp Business Account has no phone number yet: add one in WhatsApp Manager, then connect again",
    );
  const pin = newPin();
  await registerNumber(cloud, token, phoneNumberId, pin).catch((error: unknown) =>
    Promise.reject(metaFailed("The number could not be registered for the Cloud API", error)),
  );
  const id = randomUUID();
  const verifyToken = newVerifyToken();
  const record = await storeWhatsAppChannel(
    deps,
    ownerId,
    {
      id,
      name: found.name,
      wabaId,
      phoneNumberId,
      secrets: { accessToken: token, appSecret: app.appSecret, pin },
      appId: app.appId,
      onboarding: "embedded-signup",
      verifyToken,
    },
    { ok: true, ...found },
  );
  try {
    await subscribeApp(cloud, token, wabaId, { url: webhookUrlOf(linkOrigin(deps.config), id), verifyToken });
  } catch (error) {
    await deps.db.delete(carrierChannels).where(eq(carrierChannels.id, id));
    deps.carrier.invalidate();
    throw metaFailed("Meta did not take this server's webhook URL (is PUBLIC_URL reachable from the internet?)", error);
  }
  return { record, wabaId };
}
