import type { APIRequestContext, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, pick, shot } from "./support";

// A survey over RCS (issue 40 item 6) on the sandbox carrier: a customer writes to the RCS bot from the simulated phone,
// the owner resolves in the inbox, the survey reaches the phone as suggested replies 1-5, the customer taps "4" (the
// sandbox delivers the chip's postbackData "csat:4" as RBM's suggestionResponse would), and the rating shows in the
// thread, on the wallboard (open in a second tab, moved by the push) and in Team Reports. A survey to a number that
// is not on RCS fails in the thread with the carrier's reason. Light and dark, with axe. CSAT is turned off at the end.

const INBOX = "/organization/chats";
const PHONE = "/organization/chats/phone";
const settings = (enabled: boolean) => ({
  enabled,
  question: "How did we do today?",
  whatsappTemplate: null,
  smsDltTemplateId: null,
});
// Sandbox special numbers: +91 90000 0005x are RCS-capable and read what they get; +91 90000 0002x are not on RCS.
const CUSTOMER = "+919000000053";
const NOT_ON_RCS = "+919000000027";

interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}

async function rcsBot(api: Api): Promise<{ address: string; label: string }> {
  const res = await api.request.get("/api/v1/sandbox/phone/addresses", { headers: api.headers });
  const bot = ((await res.json()) as { data: { channel: string; address: string; label: string }[] }).data.find(
    (a) => a.channel === "rcs",
  );
  expect(bot).toBeTruthy();
  return bot!;
}

async function conversationOf(api: Api, number: string): Promise<string> {
  let id = "";
  await expect(async () => {
    const res = await api.request.get(`/api/v1/chats?q=${encodeURIComponent(number)}&channel=rcs&limit=5`, {
      headers: api.headers,
    });
    id = ((await res.json()) as { data: { _id: string }[] }).data[0]?._id ?? "";
    expect(id).not.toBe("");
  }).toPass({ timeout: 15_000 });
  return id;
}

/** Opens a conversation in the inbox by its number, under the status it has. */
async function openConversation(page: Page, number: string, status: "Open" | "Resolved") {
  await page.goto(INBOX);
  if (status === "Resolved") await pick(page, "Status", "Resolved");
  await page.getByLabel("Search conversations").fill(number);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: number }).first().click();
}

const ratings = async (page: Page) =>
  Number(
    ((await page.getByText(/ratings? since midnight|No ratings yet today/).textContent()) ?? "").replace(/\D/g, ""),
  );

test("a survey over RCS: suggested replies on the phone, the tap's rating in the thread, the wallboard and Team Reports", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  const api: Api = { request: page.request, headers: { authorization: `Bearer ${await apiToken(page, "manager")}` } };
  const bot = await rcsBot(api);
  try {
    expect((await api.request.put("/api/v1/chats/csat", { headers: api.headers, data: settings(true) })).ok()).toBe(
      true,
    );

    // The customer writes to the bot on the simulated phone.
    await page.goto(PHONE);
    await pick(page, "Business number", bot.label);
    await page.getByLabel("Customer number").fill(CUSTOMER);
    await page.getByRole("button", { name: "Open the thread" }).click();
    await page.getByLabel("Customer message").fill("Got my refund, thank you");
    await page.getByLabel("Customer message").press("Enter");
    const thread = page.getByRole("log", { name: "Thread" });
    await expect(thread.locator('[data-direction="in"]').filter({ hasText: "Got my refund" })).toBeVisible();

    // The owner resolves it in the inbox (the details panel's Resolve).
    await openConversation(page, CUSTOMER, "Open");
    await page.getByRole("button", { name: "Customer details" }).click({ timeout: 15_000 });
    await page.getByRole("button", { name: "Resolve" }).click({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
    const survey = page.locator("[data-message]").filter({ hasText: "Satisfaction survey" });
    await expect(survey).toContainText("[1] [2] [3] [4] [5]");

    // The wallboard in a second browser (its own sign-in), open while the customer taps.
    const wall = await browser.newContext();
    const board = await wall.newPage();
    await login(board, "manager", "manager");
    await board.goto("/organization/agents/wallboard");
    await expect(board.getByRole("status", { name: "CSAT today" })).toBeVisible();
    const before = await ratings(board);

    // The phone shows the survey as suggested replies; the customer taps 4.
    await page.goto(PHONE);
    await pick(page, "Business number", bot.label);
    await page.getByLabel("Customer number").fill(CUSTOMER);
    await page.getByRole("button", { name: "Open the thread" }).click();
    const chips = page.getByRole("group", { name: "Suggested replies" });
    await expect(chips.getByRole("button")).toHaveText(["1", "2", "3", "4", "5"]);
    await shot(page, "inbox-csat-rcs-phone-light");
    expect(await scan(page, "light phone with RCS survey chips")).toEqual([]);
    await chips.getByRole("button", { name: "Tap 4" }).click({ timeout: 15_000 });
    await expect(thread.locator('[data-direction="in"]').filter({ hasText: /^4/ })).toBeVisible();
    // Answered: the chips go, as RBM's transient suggestions do once the user taps one.
    await expect(chips).toHaveCount(0);
    await shot(page, "inbox-csat-rcs-phone-answered-light");
    expect(await scan(page, "light phone after the tap")).toEqual([]);

    // The wallboard moved by the push, without a reload.
    await expect.poll(() => ratings(board), { timeout: 15_000 }).toBe(before + 1);
    await board.evaluate(() => window.scrollTo(0, 0));
    await shot(board, "inbox-csat-rcs-wallboard-light");
    await wall.close();

    // The rating in the thread, as an answer.
    await openConversation(page, CUSTOMER, "Resolved");
    await expect(page.locator("[data-message]").filter({ hasText: "Survey answer · rated 4 of 5" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "inbox-csat-rcs-thread-light");
    expect(await scan(page, "light thread with an RCS survey answer")).toEqual([]);

    // Team Reports: the Customer satisfaction card has the rating (the conversation had no agent).
    await page.goto("/organization/quota-reports-management?range=today");
    const card = page.locator(".ant-card").filter({ hasText: "Customer satisfaction" });
    await expect(card.getByRole("row").filter({ hasText: "No agent" }).first()).toContainText("of 5");
    // The full-page shot holds the card; scrolled, it would tear the sticky header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "inbox-csat-rcs-team-reports-light");

    // A number not on RCS: the carrier refuses the survey, and the thread says so with its reason.
    await api.request.post("/api/v1/sandbox/phone/messages", {
      headers: api.headers,
      data: { channel: "rcs", address: bot.address, number: NOT_ON_RCS, text: "All good now" },
    });
    const refusedId = await conversationOf(api, NOT_ON_RCS);
    expect((await api.request.post(`/api/v1/chats/${refusedId}/resolve`, { headers: api.headers })).ok()).toBe(true);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await openConversation(page, NOT_ON_RCS, "Resolved");
    const refused = page.locator("[data-message]").filter({ hasText: "Satisfaction survey" });
    await expect(refused).toContainText("Survey not sent: NOT_FOUND: the recipient is not RCS-capable");
    await expect(refused.getByRole("img", { name: "Not delivered" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "inbox-csat-rcs-refused-dark");
    expect(await scan(page, "dark thread with a refused survey")).toEqual([]);

    // Dark: the phone after the answer: the survey without its chips, the customer's 4 under it.
    await page.goto(PHONE);
    await pick(page, "Business number", bot.label);
    await page.getByLabel("Customer number").fill(CUSTOMER);
    await page.getByRole("button", { name: "Open the thread" }).click();
    await expect(thread.locator('[data-direction="in"]').filter({ hasText: /^4/ })).toBeVisible();
    await expect(chips).toHaveCount(0);
    await shot(page, "inbox-csat-rcs-phone-answered-dark");
    expect(await scan(page, "dark phone after the answer")).toEqual([]);
  } finally {
    await api.request.put("/api/v1/chats/csat", { headers: api.headers, data: settings(false) });
  }
});
