import type { APIRequestContext, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, pick, shot } from "./support";

// A survey end to end (issue 40 item 6) on the sandbox carrier: a customer writes on WhatsApp, the owner resolves
// with CSAT on, the survey shows in the thread as the business's message, the customer answers "Great" on the
// simulated phone, the wallboard's CSAT today moves without a reload (the csatAnswer push), and Team Reports shows
// the answer in its Customer satisfaction card. Light and dark, with axe. CSAT is turned off again at the end.

const INBOX = "/organization/chats";
const QUESTION = "How did we do? Your answer helps us improve.";
const settings = (enabled: boolean) => ({
  enabled,
  question: QUESTION,
  whatsappTemplate: null,
  smsDltTemplateId: null,
});

interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}

async function customerWrites(api: Api, number: string, text: string): Promise<void> {
  const addresses = await api.request.get("/api/v1/sandbox/phone/addresses", { headers: api.headers });
  const list = ((await addresses.json()) as { data: { channel: string; address: string }[] }).data;
  const address = list.find((a) => a.channel === "whatsapp")?.address;
  expect(address).toBeTruthy();
  const res = await api.request.post("/api/v1/sandbox/phone/messages", {
    headers: api.headers,
    data: { channel: "whatsapp", address, number, text },
  });
  expect(res.status()).toBe(200);
}

async function conversationOf(api: Api, number: string): Promise<string> {
  let id = "";
  await expect(async () => {
    const res = await api.request.get(`/api/v1/chats?q=${encodeURIComponent(number)}&limit=5`, {
      headers: api.headers,
    });
    const rows = ((await res.json()) as { data: { _id: string; customerNumber: string }[] }).data;
    id = rows.find((r) => r.customerNumber === number)?._id ?? "";
    expect(id).not.toBe("");
  }).toPass({ timeout: 15_000 });
  return id;
}

/** The inbox shows open conversations first: the resolved one is found under "Resolved". */
async function openResolved(page: Page, number: string) {
  await pick(page, "Status", "Resolved");
  await page.getByLabel("Search conversations").fill(number);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: number }).first().click();
}

const csatTile = (page: Page) => page.getByRole("status", { name: "CSAT today" });

test("a survey on resolve: in the thread, answered on the phone, live on the wallboard and in Team Reports", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  const api: Api = { request: page.request, headers: { authorization: `Bearer ${await apiToken(page, "manager")}` } };
  const number = `+9177${String(Date.now()).slice(-8)}`;
  try {
    expect((await api.request.put("/api/v1/chats/csat", { headers: api.headers, data: settings(true) })).status()).toBe(
      200,
    );
    await customerWrites(api, number, "My parcel came, thanks for the help");
    const id = await conversationOf(api, number);
    expect((await api.request.post(`/api/v1/chats/${id}/resolve`, { headers: api.headers })).status()).toBe(200);

    // The thread shows what was asked, as the business's message.
    await page.goto(INBOX);
    await openResolved(page, number);
    const survey = page.locator("[data-message]").filter({ hasText: "Satisfaction survey" });
    await expect(survey).toBeVisible();
    await expect(survey).toContainText("[Poor] [Okay] [Great]");

    // The wallboard, open while the customer answers: its CSAT today moves by the push, with no reload.
    await page.goto("/organization/agents/wallboard");
    await expect(csatTile(page)).toBeVisible();
    const before = (await csatTile(page).textContent()) ?? "";
    await customerWrites(api, number, "Great");
    await expect(csatTile(page)).not.toHaveText(before, { timeout: 15_000 });
    await expect(page.getByText(/ratings? since midnight/)).toBeVisible();
    await shot(page, "inbox-csat-survey-wallboard-light");

    // The answer in the thread, as an answer.
    await page.goto(INBOX);
    await openResolved(page, number);
    await expect(page.locator("[data-message]").filter({ hasText: "Survey answer · rated 5 of 5" })).toBeVisible();
    await shot(page, "inbox-csat-survey-thread-light");
    expect(await scan(page, "light thread with a survey")).toEqual([]);

    // Team Reports: the Customer satisfaction card, with the owner's own row and the total.
    await page.goto("/organization/quota-reports-management?range=today");
    const card = page.locator(".ant-card").filter({ hasText: "Customer satisfaction" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("row").filter({ hasText: "Total" })).toBeVisible();
    await expect(card.getByRole("row").filter({ hasText: "No agent" }).first()).toContainText("of 5");
    await card.scrollIntoViewIfNeeded();
    await shot(page, "inbox-csat-survey-team-reports-light");
    expect(await scan(page, "light team reports CSAT")).toEqual([]);

    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await page.reload();
    await expect(card.getByRole("row").filter({ hasText: "Total" })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, "inbox-csat-survey-team-reports-dark");
    expect(await scan(page, "dark team reports CSAT")).toEqual([]);
  } finally {
    await api.request.put("/api/v1/chats/csat", { headers: api.headers, data: settings(false) });
  }
});
