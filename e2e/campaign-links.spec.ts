import type { Locator, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { reportDay } from "../contract/domain/dashboards";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, dialogSettled, login, pick, setTheme, shot } from "./support";

// Tracked links (issue 41 item 1) through to the report: an RCS campaign made in the wizard with "Track links" (RCS,
// not a DLT route: this server's origin, http://localhost:PORT, makes a short link longer than DLT's 30 characters
// per variable), whose URL column goes out as each recipient's short link. The sandbox's phones open every delivered
// one (e2e/start-server.mjs: SANDBOX_CLICK_PERCENT 100), a link preview first and then the person's browser, so the
// figures are exact: the numbers are the sandbox's fixed ones (contract/domain/sandbox-numbers.ts). Then the
// message log, the inbox thread and the customer's timeline show the text as sent (the short link) and where it goes.

test.describe.configure({ timeout: 180_000 });

/** Delivered (+91 90000 0000x), failed (+91 90000 0004x: never opened) and a reply (+91 90000 0006x). */
const DELIVERED = ["+919000000001", "+919000000002", "+919000000003"];
const FAILS = "+919000000041";
const REPLIES = "+919000000066";
const AUDIENCE = [...DELIVERED, FAILS, REPLIES];
const urlOf = (number: string) => `https://shop.example.in/orders/${number.slice(-4)}?ref=sms-campaign`;
const INBOX = "/organization/chats";

const stat = (scope: Locator, title: string) =>
  scope.locator(".ant-statistic").filter({ has: scope.page().getByText(title, { exact: true }) });

async function rcsTemplateWithLink(page: Page, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const bots = await page.request.get("/api/v1/rcs/templates/bots", { headers });
  const bot = ((await bots.json()).data as { _id: string; name: string }[]).find((b) => b.name === "Acme Retail");
  expect(bot, "the manager's seeded Acme Retail bot").toBeTruthy();
  const res = await page.request.post("/api/v1/rcs/templates", {
    headers,
    data: {
      botId: bot?._id,
      name,
      type: "text",
      textMessageContent: "Your order is on its way. Follow it here: {{1}}",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The customer writes from the simulated phone to the manager's Acme Retail bot. */
async function customerWrites(page: Page, number: string, text: string): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const res = await page.request.get("/api/v1/sandbox/phone/addresses", { headers });
  const addresses = (await res.json()).data as { channel: string; address: string; label: string }[];
  const bot = addresses.find((a) => a.channel === "rcs" && a.label.includes("Acme Retail"));
  expect(bot, "the manager's Acme Retail bot").toBeTruthy();
  const sent = await page.request.post("/api/v1/sandbox/phone/messages", {
    headers,
    data: { channel: "rcs", address: bot?.address, number, text },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test("a tracked RCS campaign: the sandbox's phones click, the report counts people and devices, the log and the inbox show the short link", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const template = `Order tracking ${stamp}`;
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  // Wide enough for the inbox to show the details panel (the timeline) beside the thread.
  await page.setViewportSize({ width: 1600, height: 1100 });
  await login(page, "manager", "manager");
  await rcsTemplateWithLink(page, template);

  // The wizard: template, the URL column as {{1}}, Track links, the CSV audience.
  await page.goto("/organization/campaigns/rcs-campaign-creation");
  await page.getByLabel("Campaign name").fill(`Tracked orders ${stamp}`);
  await pick(page, "RCS bot", "Acme Retail");
  await page.getByRole("radio", { name: template }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Variable 1 kind").getByText("Column").click();
  await page.getByRole("combobox", { name: "Variable 1" }).fill("link");
  await page.getByRole("checkbox", { name: "Track links" }).check();
  await expect(page.getByText(/goes out as the recipient's own short link/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  const csv = ["phone,link", ...AUDIENCE.map((n) => `${n},${urlOf(n)}`)].join("\n");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) });
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(page.getByText("recipients ready")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start now" }).click();
  await dialogSettled(page);
  await page.getByRole("button", { name: /Start and hold ₹/ }).click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/individual-reports\?campaignId=.+/);
  const campaignId = new URL(page.url()).searchParams.get("campaignId") ?? "";

  // Every delivered recipient's phone opened its link: 4 people (the failed number never got one), 4 clicks on a
  // phone, and the 4 previews RCS's app fetched first left out of both.
  const links = page.getByLabel("Link clicks");
  await expect(async () => {
    await page.reload();
    await expect(stat(links, "Clicked")).toContainText("4", { timeout: 5_000 });
    await expect(stat(links, "Previews and scanners")).toContainText("4", { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(stat(links, "Clicks")).toContainText("4");
  await expect(links).toContainText("100% of delivered");
  await expect(links).toContainText("By device: Mobile 4");
  await links.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-report-light");
  expect(await scan(page, "light tracked campaign report")).toEqual([]);

  // The same clicks per day (India's): today's row, 4 clicks by 4 people clicking for the first time, no conversions.
  const [year, month, date] = reportDay(new Date()).split("-");
  const perDay = page.getByLabel("Clicks and conversions per day");
  const today = perDay.getByRole("row").filter({ hasText: `${date}/${month}/${year}` });
  await expect(perDay.getByRole("row")).toHaveCount(2);
  await expect(today.getByRole("cell")).toHaveText([`${date}/${month}/${year}`, "4", "4", "0", "₹0.00"]);
  await perDay.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-per-day-light");

  // The organization's dashboard shows the period's clicks beside its messages.
  await page.goto("/organization");
  const engagement = page.getByRole("region", { name: "Clicks and conversions" });
  await expect(engagement).toContainText("Click-through rate");
  await expect(engagement.getByRole("img", { name: /Clicks per day/ })).toBeVisible();
  await engagement.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-dashboard-light");
  expect(await scan(page, "light dashboard with clicks")).toEqual([]);
  await page.goto(`/organization/campaigns/individual-reports?campaignId=${campaignId}`);

  // The message log shows what each person received: the short link, and where it goes.
  await page.getByRole("button", { name: "Message log" }).click();
  await expect(page).toHaveURL(new RegExp(`message-log\\?campaignId=${campaignId}$`));
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows).toHaveCount(AUDIENCE.length);
  const row = rows.filter({ hasText: DELIVERED[0] });
  await expect(row).toContainText(/Follow it here: http:\/\/localhost:\d+\/l\/[0-9A-Za-z]{12}/);
  await expect(row).not.toContainText("shop.example.in");
  await row.getByRole("button", { name: /expand row/i }).click();
  const details = page.locator(".ant-table-expanded-row").first();
  await expect(details).toContainText("Tracked links");
  await expect(details).toContainText(`opens ${urlOf(DELIVERED[0])}`);
  await shot(page, "campaign-links-message-log-light");
  expect(await scan(page, "light message log with tracked links")).toEqual([]);

  // The number writes in on RCS (the simulated phone): its thread shows the campaign message it answers as sent,
  // with where its link goes, and so does the customer's timeline.
  await customerWrites(page, REPLIES, "Is it shipped yet?");
  await page.goto(INBOX);
  const conversation = page
    .getByRole("listbox", { name: "Conversations" })
    .getByRole("option")
    .filter({ hasText: REPLIES })
    .first();
  await conversation.click();
  const bubble = page.locator("[data-message]").filter({ hasText: "Follow it here:" });
  await expect(bubble).toContainText(/Follow it here: http:\/\/localhost:\d+\/l\/[0-9A-Za-z]{12}/);
  await expect(bubble).toContainText(`Link opens ${urlOf(REPLIES)}`);
  await expect(bubble).toContainText(`Campaign · Tracked orders ${stamp}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  const line = timeline.getByRole("listitem").filter({ hasText: `Campaign · Tracked orders ${stamp}` });
  await expect(line).toContainText(/Follow it here: http:\/\/localhost:\d+\/l\/[0-9A-Za-z]{12}/);
  await expect(line.getByRole("list", { name: "Where the links go" })).toContainText(`Link opens ${urlOf(REPLIES)}`);
  await line.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-inbox-light");
  expect(await scan(page, "light inbox timeline with a tracked link")).toEqual([]);

  await setTheme(page, "dark");
  await conversation.click();
  await expect(bubble).toContainText(`Link opens ${urlOf(REPLIES)}`);
  await expect(line.getByRole("list", { name: "Where the links go" })).toContainText(urlOf(REPLIES));
  await shot(page, "campaign-links-inbox-dark");
  expect(await scan(page, "dark inbox timeline with a tracked link")).toEqual([]);
  await page.goto(`/organization/campaigns/message-log?campaignId=${campaignId}`);
  await rows
    .filter({ hasText: DELIVERED[0] })
    .getByRole("button", { name: /expand row/i })
    .click();
  await expect(details).toContainText(`opens ${urlOf(DELIVERED[0])}`);
  await shot(page, "campaign-links-message-log-dark");
  expect(await scan(page, "dark message log with tracked links")).toEqual([]);
  await page.goto(`/organization/campaigns/individual-reports?campaignId=${campaignId}`);
  await expect(links).toContainText("By device: Mobile 4");
  await links.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-report-dark");
  expect(await scan(page, "dark tracked campaign report")).toEqual([]);
  await expect(today.getByRole("cell")).toHaveText([`${date}/${month}/${year}`, "4", "4", "0", "₹0.00"]);
  await perDay.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-per-day-dark");
  await page.goto("/organization");
  await expect(engagement).toContainText("Click-through rate");
  await engagement.scrollIntoViewIfNeeded();
  await shot(page, "campaign-links-dashboard-dark");
  expect(await scan(page, "dark dashboard with clicks")).toEqual([]);
});
