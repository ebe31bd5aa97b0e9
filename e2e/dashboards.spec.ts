import { readFile } from "node:fs/promises";
import { expect as baseExpect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import type { DashboardOverview } from "../contract/calls/dashboard-records";
import { presetDays } from "../contract/domain/dashboards";
import { ROLE_AREAS, type Role } from "../contract/roles";
import { apiToken, login, pick, shot } from "./support";

// The dashboards per role on the demo data, Team Reports and the quota screens. Every figure the page shows is also
// asked from the API with the same filters, so the screen is checked against the server's own numbers.

// The shared 2-core machine runs several servers at once: screens get more time than the default 5 s here.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** A screenshot with the pointer out of the way (a chart's tooltip would cover what it shows). */
async function look(page: Page, name: string): Promise<void> {
  await page.mouse.move(1, 1);
  await shot(page, name);
}

const count = (n: number) => n.toLocaleString("en-IN");
const inr = (n: number) => `₹${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function overviewOf(page: Page, username: string, query: Record<string, string>): Promise<DashboardOverview> {
  const token = await apiToken(page, username);
  const res = await page.request.get("/api/dashboard/overview", {
    headers: { authorization: `Bearer ${token}` },
    params: query,
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as DashboardOverview;
}

/** A dashboard panel (a named region) or, on the quota and team screens, an antd card, by its title. */
const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const antCard = (page: Page, title: string) =>
  page
    .locator(".ant-card")
    .filter({ has: page.locator(".ant-card-head-title", { hasText: new RegExp(`^${title}$`) }) });
/** The quota screens' account filter: one account's movements. */
async function pickAccount(page: Page, username: string) {
  await pick(page, "Account", new RegExp(`^${username}\\b`));
  await expect(page).toHaveURL(/account=/);
}
const figure = (page: Page, title: string) =>
  page
    .locator(".ant-statistic")
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator(".ant-statistic-content");

const ROLES: { username: string; role: Role; shot: string; has: string[] }[] = [
  {
    username: "admin",
    role: "admin",
    shot: "dashboard-admin",
    has: ["Carrier error rates", "Top accounts", "Top campaigns", "Balance requests"],
  },
  {
    username: "reseller",
    role: "reseller",
    shot: "dashboard-reseller",
    has: ["Customers", "Top campaigns", "Balance requests"],
  },
  {
    username: "manager",
    role: "manager",
    shot: "dashboard-organization",
    has: ["Top campaigns", "Agent activity", "Balance requests"],
  },
  { username: "user", role: "user", shot: "dashboard-user", has: ["Your campaigns"] },
  { username: "depthead", role: "department_head", shot: "dashboard-department-head", has: ["Top campaigns"] },
];

for (const r of ROLES) {
  test(`${r.username}'s dashboard shows the figures of its reach, the charts and its own cards`, async ({ page }) => {
    await login(page, r.username, r.role);
    const expected = await overviewOf(page, r.username, presetDays("7d"));
    expect(expected.totals.messages, "the demo data has messages in every reach").toBeGreaterThan(0);
    await expect(figure(page, "Messages")).toHaveText(count(expected.totals.messages));
    await expect(figure(page, "Spend")).toHaveText(inr(expected.totals.spent));
    const rate = ((expected.totals.delivered / expected.totals.messages) * 100).toFixed(1);
    await expect(figure(page, "Delivery rate")).toHaveText(`${rate}%`);
    // The charts arrive after the figures, in cards whose size was kept for them.
    const messages = card(page, "Messages per day");
    await expect(messages.locator("[data-chart-bar] rect").first()).toBeVisible();
    await expect(card(page, "Delivery funnel").locator('[data-chart-row="Delivered"]')).toContainText(
      count(expected.totals.delivered),
    );
    await expect(card(page, "Spend per day").locator("[data-chart-bar] rect").first()).toBeVisible();
    // Every card drawn (its table, list or empty state), not a skeleton, before the picture is taken.
    for (const title of r.has)
      await expect(card(page, title).locator("table, .ant-empty, [data-rate-bar]").first(), title).toBeVisible();
    const top = expected.topCampaigns[0];
    if (r.role !== "admin" && r.role !== "reseller" && top)
      await expect(page.getByRole("link", { name: top.name })).toBeVisible();
    await look(page, r.shot);
  });
}

test("the reseller's customers are the server's rows, with their balances", async ({ page }) => {
  await login(page, "reseller", "reseller");
  const customers = card(page, "Customers");
  await expect(customers.getByRole("row").filter({ hasText: "globex" })).toContainText(inr(4200));
  await expect(customers.getByRole("row").filter({ hasText: "manager" })).toBeVisible();
});

test("the manager's agent activity is the server's count of the agent's replies", async ({ page }) => {
  await login(page, "manager", "manager");
  const expected = await overviewOf(page, "manager", presetDays("7d"));
  const asha = expected.agents?.find((a) => a.username === "agent");
  expect(asha?.chatReplies).toBeGreaterThan(0);
  await expect(card(page, "Agent activity").getByRole("row").filter({ hasText: "Asha Verma" })).toContainText(
    count(asha?.chatReplies ?? 0),
  );
});

test("the channel filter, the presets and a custom range change the figures", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.getByRole("button", { name: /^Channel:/ }).click();
  await page.getByRole("menuitem", { name: "SMS", exact: true }).click();
  await expect(page).toHaveURL(/channel=sms/);
  const sms = await overviewOf(page, "manager", { ...presetDays("7d"), channel: "sms" });
  await expect(figure(page, "Messages")).toHaveText(count(sms.totals.messages));
  // SMS has no read receipts: the funnel leaves the stage out.
  const funnel = card(page, "Delivery funnel");
  await expect(funnel.locator('[data-chart-row="Failed"]')).toBeVisible();
  await expect(funnel.locator('[data-chart-row="Read"]')).toHaveCount(0);

  await page.getByText("30 days", { exact: true }).click();
  await expect(page).toHaveURL(/range=30d/);
  const month = await overviewOf(page, "manager", { ...presetDays("30d"), channel: "sms" });
  await expect(figure(page, "Messages")).toHaveText(count(month.totals.messages));

  // A custom range: two days picked in the calendar, kept in the URL.
  const { from, to } = presetDays("7d");
  await page.getByText("Custom", { exact: true }).click();
  const picker = page.locator(".ant-picker-dropdown");
  await expect(picker).toBeVisible();
  // A month's panel also lists the first days of the next (and last days of the previous) month: the day's own panel.
  await picker.locator(`td.ant-picker-cell-in-view[title="${from}"]`).click();
  await picker.locator(`td.ant-picker-cell-in-view[title="${to}"]`).click();
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${from}&to=${to}`));
  await expect(figure(page, "Messages")).toHaveText(count(sms.totals.messages));
  await look(page, "dashboard-filters");
});

test("an empty period says so and offers the next step: a longer period, or a first campaign", async ({ page }) => {
  await login(page, "user", "user");
  // A week long before the demo data: nothing was sent then, whatever other specs sent today.
  await page.goto(`${ROLE_AREAS.user.prefix}?range=custom&from=2020-01-01&to=2020-01-07`);
  const empty = page.locator(".ant-empty").filter({ hasText: "No messages in this period" });
  await expect(empty).toBeVisible();
  await expect(figure(page, "Messages")).toHaveText("0");
  await look(page, "dashboard-empty");
  await empty.getByRole("button", { name: "Show the last 30 days" }).click();
  await expect(page).toHaveURL(/range=30d/);
  await expect(card(page, "Messages per day").locator("[data-chart-bar] rect").first()).toBeVisible();
  await page.goto(`${ROLE_AREAS.user.prefix}?range=custom&from=2020-01-01&to=2020-01-07`);
  await page.getByRole("link", { name: "Create your first campaign" }).click();
  await expect(page).toHaveURL(new RegExp(`${ROLE_AREAS.user.prefix}/campaigns/whatsapp-campaign-creation$`));
});

test("Team Reports: each account's figures, sorted on the server, exported as CSV", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/quota-reports-management?range=30d");
  await expect(page.getByRole("heading", { name: "Team Reports" }).first()).toBeVisible();
  // The accounts' table (the customer satisfaction card below has a table of its own).
  const team = page.locator(".ant-card").filter({ has: page.getByRole("button", { name: "Export CSV" }) });
  const rows = team.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows.filter({ hasText: "depthead" })).toBeVisible();
  await expect(rows.first()).toContainText("manager");
  await expect(rows.filter({ hasText: "agent" }).first()).toContainText("Agent");
  await look(page, "team-reports");

  // The server sorts: Z to A on the first click, A to Z on the second.
  const names = async () => (await rows.locator("td:first-child strong").allInnerTexts()).map((s) => s.trim());
  await team.getByRole("columnheader", { name: "Account" }).click();
  await expect(page).toHaveURL(/sorters/);
  const descending = async () => {
    const n = await names();
    return n.length > 1 && n.join() === [...n].sort().reverse().join();
  };
  await expect.poll(descending).toBe(true);
  const last = (await names()).at(-1);
  await team.getByRole("columnheader", { name: "Account" }).click();
  await expect.poll(async () => (await names())[0]).toBe(last);
  expect(await names()).toEqual([...(await names())].sort());

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^team-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(lines[0]).toContain("username,name,role,status,campaigns,messages");
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(await names());
});

test("a department head's Team Reports is its own row", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/quota-reports-management?range=30d");
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("You");
  await expect(rows.first()).toContainText("30");
  await look(page, "team-reports-department-head");
});

test("quota screens: money per day, the ledger filtered by account and kind, export, requests with their outcome", async ({
  page,
}) => {
  // Three screens with charts and exports in one test: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/quota-management?range=30d");
  await expect(page.getByRole("heading", { name: "Quota Management" })).toBeVisible();
  await expect(antCard(page, "Top-ups and deductions").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(antCard(page, "Spend on messages").locator(".recharts-bar-rectangle").first()).toBeVisible();
  const ledger = antCard(page, "Ledger");
  // The first page holds the latest movements, which the other specs' campaigns may fill: filter to find an account's.
  await expect(ledger.locator("tr.ant-table-row").first()).toBeVisible();
  await look(page, "quota-reseller");

  await pickAccount(page, "globex");
  await expect(page).toHaveURL(/account=/);
  await expect(ledger.locator("tr.ant-table-row").filter({ hasNotText: "globex" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Kind" }).click();
  await page
    .locator(".ant-select-item-option")
    .filter({ hasText: /^Credit$/ })
    .click();
  await expect(ledger.locator("tr.ant-table-row").first()).toContainText("Opening balance");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(csv[0]).toBe("date,account,kind,amount_inr,balance_after_inr,note,by");
  expect(csv.slice(1).every((l) => l.includes(",globex,credit,"))).toBe(true);
});

test("an admin's quota reports cover every account", async ({ page }) => {
  // Three screens with charts and exports in one test: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await login(page, "admin", "admin");
  await page.goto("/admin/quota-reports?range=30d");
  await expect(page.getByRole("heading", { name: "Quota Reports" })).toBeVisible();
  const ledger = antCard(page, "Ledger");
  for (const name of ["reseller", "globex", "user"]) {
    await pickAccount(page, name);
    await expect(ledger.locator("tr.ant-table-row").first()).toContainText(name);
    await expect(ledger.locator("tr.ant-table-row").filter({ hasNotText: name })).toHaveCount(0);
  }
  await expect(antCard(page, "Balance requests")).toBeVisible();
  await look(page, "quota-admin");
});
