// "Test connection": real, harmless Graph calls with the stored token: the WABA (GET /{waba-id}) and its numbers
// (GET /{waba-id}/phone_numbers), which must include the channel's own. The same inspection checks credentials
// typed into the console before anything is saved.
import type { WhatsAppPhoneNumber } from "../carrier";
import type { ConnectionCheck } from "../router/channel-adapter";
import type { WhatsAppCloudConfig } from "./config";
import type { CloudContext } from "./context";
import { behaviourOf } from "./errors";
import { graph, GraphError } from "./graph";

interface MetaPhone {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
}

const QUALITY = ["GREEN", "YELLOW", "RED"] as const;

const phoneOf = (p: MetaPhone): WhatsAppPhoneNumber => ({
  id: String(p.id),
  displayPhoneNumber: p.display_phone_number ?? String(p.id),
  verifiedName: p.verified_name ?? "",
  qualityRating: QUALITY.find((q) => q === p.quality_rating) ?? "UNKNOWN",
});

/** The WABA's name and numbers, as the token sees them; Graph errors are thrown as they come. */
export async function inspectWaba(
  config: WhatsAppCloudConfig,
  token: string,
  wabaId: string,
): Promise<{ name: string; phoneNumbers: WhatsAppPhoneNumber[] }> {
  const waba = await graph<{ id: string; name?: string }>(config, {
    method: "GET",
    path: `/${wabaId}`,
    token,
    query: { fields: "id,name" },
  });
  const phones = await graph<{ data: MetaPhone[] }>(config, {
    method: "GET",
    path: `/${wabaId}/phone_numbers`,
    token,
    query: { fields: "id,display_phone_number,verified_name,quality_rating" },
  });
  return { name: waba.name ?? `WhatsApp Business Account ${wabaId}`, phoneNumbers: phones.data.map(phoneOf) };
}

/** A check of token, WABA and numbers; never throws. */
export async function checkConnection(
  config: WhatsAppCloudConfig,
  credentials: { accessToken: string; wabaId: string; phoneNumberIds: readonly string[] },
): Promise<ConnectionCheck> {
  try {
    const found = await inspectWaba(config, credentials.accessToken, credentials.wabaId);
    const missing = credentials.phoneNumberIds.filter((id) => !found.phoneNumbers.some((p) => p.id === id));
    if (missing.length > 0) {
      return {
        ok: false,
        code: "100",
        message: `Phone number id ${missing.join(", ")} is not a number of WhatsApp Business Account ${credentials.wabaId}`,
        auth: false,
      };
    }
    return { ok: true, ...found };
  } catch (error) {
    if (error instanceof GraphError) {
      const behaviour = behaviourOf(error.code, error.message, error.details);
      return {
        ok: false,
        code: String(error.code),
        message: behaviour.disconnect
          ? behaviour.reason
          : `${error.message}${error.details ? `: ${error.details}` : ""} (${error.code})`,
        auth: behaviour.disconnect,
      };
    }
    return {
      ok: false,
      code: "network",
      message: `The Graph API did not answer: ${error instanceof Error ? error.message : String(error)}`,
      auth: false,
    };
  }
}

export async function cloudTestConnection(ctx: CloudContext): Promise<ConnectionCheck> {
  const check = await checkConnection(ctx.config, {
    accessToken: ctx.channel.secrets.accessToken,
    wabaId: ctx.channel.wabaId,
    phoneNumberIds: ctx.channel.phoneNumberIds,
  });
  if (check.ok) ctx.health.success();
  else ctx.health.failure({ code: check.code, message: check.message, ...(check.auth ? { disconnect: true } : {}) });
  return check;
}
