import { expect, type APIRequestContext } from "@playwright/test";
import type { CampaignRecord, RecipientRecord } from "../contract/calls/campaign-records";

// API set-up for the report and number-history specs: what the console shows is checked through the console; these
// only find or make the campaigns it shows.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The caller's campaigns in one status, newest first (campaigns.list, every channel). */
export async function campaignsIn(
  request: APIRequestContext,
  token: string,
  status: CampaignRecord["status"],
): Promise<CampaignRecord[]> {
  const res = await request.get("/api/v1/campaigns", { headers: auth(token), params: { page: 1, limit: 50, status } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { campaigns: CampaignRecord[] }).campaigns;
}

export async function campaignById(request: APIRequestContext, token: string, id: string): Promise<CampaignRecord> {
  const res = await request.get(`/api/v1/campaigns/${id}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: CampaignRecord }).data;
}

/** One page of a campaign's recipients through the channel's responses call. */
export async function recipientsOf(
  request: APIRequestContext,
  token: string,
  c: CampaignRecord,
  status?: string,
  limit = 50,
): Promise<RecipientRecord[]> {
  const path = {
    rcs: "/api/campaigns/responses",
    sms: "/api/sms/campaigns/responses",
    whatsapp: "/api/waba/campaign/campaign-responses",
  }[c.channel];
  const res = await request.get(path, {
    headers: auth(token),
    params: { campaignId: c._id, page: 1, limit, ...(status ? { status } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: RecipientRecord[] }).data;
}

/**
 * A ready WhatsApp campaign of the demo manager (its sandbox WABA and the approved `order_shipped` template) to the
 * pasted numbers, waited on until the audience is read.
 */
export async function readyWhatsAppCampaign(
  request: APIRequestContext,
  token: string,
  name: string,
  numbers: readonly string[],
): Promise<CampaignRecord> {
  const wabas = await request.get("/api/waba/active-wabas", { headers: auth(token) });
  expect(wabas.status()).toBe(200);
  const [waba] = ((await wabas.json()) as { data: Array<{ waba_id: string }> }).data;
  const templates = await request.get("/api/waba/templates", {
    headers: auth(token),
    params: { limit: 50, fields: "status" },
  });
  expect(templates.status()).toBe(200);
  const template = (
    (await templates.json()) as { data: Array<{ id: string; name: string; status?: string }> }
  ).data.find((t) => t.name === "order_shipped" && t.status === "APPROVED");
  expect(template, "the seeded approved order_shipped template").toBeTruthy();
  const created = await request.post("/api/waba/campaign/create-campaign", {
    headers: auth(token),
    data: {
      campaignName: name,
      waba_id: waba.waba_id,
      message: template!.id,
      numbers: numbers.join("\n"),
      variables: ["Asha", "#1042"],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: CampaignRecord }).data._id;
  await expect.poll(async () => (await campaignById(request, token, id)).status, { timeout: 30_000 }).toBe("ready");
  return campaignById(request, token, id);
}

/**
 * Ten sandbox numbers of a behaviour range (contract/domain/sandbox-numbers.ts), e.g. "+91900000006" →
 * +919000000060…69.
 */
export const range = (prefix: string, n = 10) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** `n` ordinary Indian mobile numbers (no special sandbox behaviour), distinct per `seed`. */
export const ordinaryNumbers = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => `+9198${String(seed).padStart(2, "0")}${String(i).padStart(6, "0")}`);
