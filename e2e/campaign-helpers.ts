import { expect, type APIRequestContext } from "@playwright/test";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An SMS campaign made through the API (the creation pages are another screen's), on the seeded "Login OTP"
 * template of the manager's active sandbox account, from pasted numbers; waits until the ingest has read them.
 */
export async function createSmsCampaign(request: APIRequestContext, token: string, name: string, numbers: string[]): Promise<string> {
  const templates = await request.get("/api/sms/templates", { headers: auth(token) });
  expect(templates.ok()).toBe(true);
  const otp = ((await templates.json()).data as { id: string; smsAccountId: string; name: string }[]).find((t) => t.name === "Login OTP");
  expect(otp, "the seeded Login OTP template").toBeTruthy();
  const res = await request.post("/api/sms/campaigns/create", {
    headers: auth(token),
    data: { campaignName: name, smsAccountId: otp?.smsAccountId, templateId: otp?.id, numbers: numbers.join("\n"), variables: ["123456"] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data._id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/v1/campaigns/${id}`, { headers: auth(token) })).json()).data?.status, { timeout: 30_000 })
    .toBe("ready");
  return id;
}

/** Starts a ready campaign for a time a day ahead: it waits, scheduled, with its hold taken. */
export async function scheduleTomorrow(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.post(`/api/v1/campaigns/${id}/schedule`, {
    headers: auth(token),
    data: { scheduledAt: new Date(Date.now() + 86_400_000).toISOString(), timeZone: "Asia/Kolkata" },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function startSms(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.post(`/api/sms/campaigns/${id}/start`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Ten distinct Indian mobile numbers from one run's stamp, so reruns on one database never collide. */
export function numbersFor(stamp: number, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => `+9198${String((stamp + i) % 100_000_000).padStart(8, "0")}`);
}
