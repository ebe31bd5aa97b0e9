import { expect, type APIRequestContext, type Page } from "@playwright/test";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An SMS campaign made through the API (the creation pages are another screen's), on the seeded "Login OTP"
 * template of the manager's active sandbox account (or the one-variable `template` given), from pasted numbers; waits
 * until the ingest has read them.
 */
export async function createSmsCampaign(
  request: APIRequestContext,
  token: string,
  name: string,
  numbers: string[],
  template?: { templateId: string; smsAccountId: string },
): Promise<string> {
  let chosen = template;
  if (!chosen) {
    const templates = await request.get("/api/sms/templates", { headers: auth(token) });
    expect(templates.ok()).toBe(true);
    const otp = ((await templates.json()).data as { id: string; smsAccountId: string; name: string }[]).find(
      (t) => t.name === "Login OTP",
    );
    expect(otp, "the seeded Login OTP template").toBeTruthy();
    chosen = otp && { templateId: otp.id, smsAccountId: otp.smsAccountId };
  }
  const res = await request.post("/api/sms/campaigns/create", {
    headers: auth(token),
    data: {
      campaignName: name,
      smsAccountId: chosen?.smsAccountId,
      templateId: chosen?.templateId,
      numbers: numbers.join("\n"),
      variables: ["123456"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data._id as string;
  await expect
    .poll(
      async () => (await (await request.get(`/api/v1/campaigns/${id}`, { headers: auth(token) })).json()).data?.status,
      { timeout: 30_000 },
    )
    .toBe("ready");
  return id;
}

/** Starts a ready campaign for a time a day ahead: it waits, scheduled, with its hold taken. */
export async function scheduleTomorrow(request: APIRequestContext, token: string, id: string): Promise<void> {
  const res = await request.post(`/api/v1/campaign-control/${id}/schedule`, {
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

/**
 * A WhatsApp template with an IMAGE header on the manager's first active WABA, created as the template page does
 * (with its header sample, a `width`×`height` PNG); `approved` waits for the sandbox's review (5-20 s) to approve it.
 */
export async function createImageTemplate(
  request: APIRequestContext,
  token: string,
  {
    name,
    body,
    sample,
    approved = true,
  }: { name: string; body: string; sample: { name: string; buffer: Buffer }; approved?: boolean },
): Promise<void> {
  const wabas = await request.get("/api/waba/active-wabas", { headers: auth(token) });
  const [waba] = ((await wabas.json()) as { data: Array<{ waba_id: string }> }).data;
  const text = body.includes("{{1}}")
    ? { type: "BODY", text: body, example: { body_text: [["Asha"]] } }
    : { type: "BODY", text: body };
  const created = await request.post("/api/waba/create-template", {
    headers: auth(token),
    multipart: {
      waba_id: waba.waba_id,
      name,
      language: "en_US",
      category: "UTILITY",
      components: JSON.stringify([{ type: "HEADER", format: "IMAGE" }, text]),
      file: { name: sample.name, mimeType: "image/png", buffer: sample.buffer },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  if (!approved) return;
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/waba/templates", {
          headers: auth(token),
          params: { limit: 100, fields: "status" },
        });
        return ((await res.json()) as { data: Array<{ name: string; status?: string }> }).data.find(
          (t) => t.name === name,
        )?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("APPROVED");
}

/** Picks an option of the select whose input has this id (each variant's pickers share their labels). */
export async function pickById(page: Page, id: string, option: string): Promise<void> {
  const box = page.locator(`[id="${id}"]`);
  await expect(async () => {
    await expect(box).toBeEnabled({ timeout: 3_000 });
    if ((await box.getAttribute("aria-expanded")) !== "true") {
      await box.focus();
      await box.press("ArrowDown");
    }
    const listId = await box.getAttribute("aria-controls");
    await page
      .locator(".ant-select-dropdown")
      .filter({ has: page.locator(`[id="${listId}"]`) })
      .locator(".ant-select-item-option")
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
    await expect(box).not.toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}
