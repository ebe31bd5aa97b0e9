import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { campaignsIn, recipientsOf } from "./campaign-report-support";
import { apiToken, login, pick, shot } from "./support";

// The message log (issue 37): opened from a campaign's report, searched by number, one message's statuses shown;
// and an operator's view of one customer's log.

/** The manager's seeded completed WhatsApp campaign (server/seed-campaigns.ts), with delivered recipients. */
const SEEDED_CAMPAIGN = "Diwali festive sale";

test("from a campaign's report, the log of that campaign; a number searched shows its message and statuses", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const done = (await campaignsIn(page.request, token, "completed")).find((c) => c.name === SEEDED_CAMPAIGN);
  if (!done) throw new Error(`the seed's completed campaign "${SEEDED_CAMPAIGN}" is not among the first 50 completed`);
  const [someone] = await recipientsOf(page.request, token, done, "delivered");
  expect(someone).toBeTruthy();

  await page.goto(`/organization/campaigns/individual-reports?campaignId=${done._id}`);
  await page.getByRole("button", { name: "Message log" }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/campaigns/message-log\\?campaignId=${done._id}$`));
  await expect(page.getByRole("heading", { name: "Message Log" })).toBeVisible();
  await expect(page.getByText("One campaign's messages")).toBeVisible();
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows.first()).toContainText(`WhatsApp · ${SEEDED_CAMPAIGN}`);
  await shot(page, "message-log-campaign");

  // The number typed stays out of the URL (SPEC 5's guard); the campaign filter stays on.
  await page.getByLabel("Number").fill(someone.number);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`campaignId=${done._id}$`));
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(someone.number);
  await expect(row).toContainText("delivered");
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
  await row.getByRole("button", { name: /expand row/i }).click();
  const details = page.locator(".ant-table-expanded-row").first();
  await expect(details).toContainText("Status timeline");
  // The body as sent: the seeded template rendered (server/seed-campaigns.ts).
  await expect(details).toContainText("festive sale");
  await expect(details.locator(".ant-timeline-item")).not.toHaveCount(0);
  await expect(details).toContainText("sent");
  await expect(details).toContainText("delivered");
  await expect(details).toContainText("₹");
  await shot(page, "message-log-number");

  // Clearing the campaign filter searches the account's whole log for the number.
  await page.getByLabel("Clear the campaign filter").click();
  await expect(page.getByText("One campaign's messages")).toHaveCount(0);
  await expect(rows.first()).toContainText(someone.number);
});

test("the campaign list opens the log; an empty search says so; Individual numbers is reachable", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "Message log" }).click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/message-log$/);
  await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
  await shot(page, "message-log-all");
  await page.getByLabel("Number").fill("+91 70000 12399");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No message matches these filters")).toBeVisible();
  await shot(page, "message-log-empty");
  await page.getByRole("button", { name: "Individual numbers" }).click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/individual-numbers$/);
});

test("an admin picks a customer and reads its log", async ({ page }) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/campaigns/message-log");
  await expect(page.getByText("Choose an account to see its messages")).toBeVisible();
  await shot(page, "message-log-admin-empty");
  await pick(page, "Account whose messages to show", /^manager/);
  await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
  await shot(page, "message-log-admin");
});

for (const theme of ["light", "dark"] as const)
  test(`the log with a message open passes axe WCAG 2.1 AA (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "manager", "manager");
    await page.goto("/organization/campaigns/message-log");
    const row = page.locator(".ant-table-tbody .ant-table-row").first();
    await row.getByRole("button", { name: /expand row/i }).click();
    await expect(page.locator(".ant-table-expanded-row").first()).toContainText("Status timeline");
    await shot(page, `message-log-open-${theme}`);
    const findings = await scan(page, `${theme} message log`);
    expect(findings.map((f) => `${f.rule} (${f.impact}): ${f.where.join(" | ")}`)).toEqual([]);
  });

test("the log exports through the report job: progress, then the Excel file to download", async ({ page }) => {
  // 15 s alone; past the default 30 s in CI's two workers on two cores (ci16, twice), so 90 s.
  test.setTimeout(90_000);
  await login(page, "admin", "admin");
  await page.goto("/admin/campaigns/message-log");
  await pick(page, "Account whose messages to show", /^manager/);
  await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
  await page.getByRole("button", { name: "Export Excel" }).click();
  const panel = page.getByTestId("log-export");
  await expect(panel).toContainText(/Excel export (ready|: writing the file)/);
  await expect(panel).toContainText(/Excel export ready: [\d,]+ rows, [\d.]+ (B|KB|MB)/, { timeout: 30_000 });
  await shot(page, "message-log-export-ready");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^message-log-.*\.xlsx$/);
  const findings = await scan(page, "message log export");
  expect(findings.map((f) => `${f.rule} (${f.impact}): ${f.where.join(" | ")}`)).toEqual([]);
});

test("the dates are picked DD/MM/YYYY with the keyboard; the search asks with ISO instants", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/message-log");
  await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();
  const from = page.getByPlaceholder("From DD/MM/YYYY");
  await from.click();
  await from.fill("01/11/2026");
  await from.press("Enter");
  const to = page.getByPlaceholder("To DD/MM/YYYY");
  await to.fill("15/11/2026");
  // Enter in the last field picks the day and searches (the form's submit), as the Search button does.
  const asked = page.waitForRequest((r) => r.url().includes("/api/v1/message-log?") && r.url().includes("from="));
  await to.press("Enter");
  await expect(from).toHaveValue("01/11/2026");
  await expect(to).toHaveValue("15/11/2026");
  await shot(page, "message-log-dates");
  const url = new URL((await asked).url());
  // India's days (the manager's zone): 1 Nov 00:00 IST to the start of 16 Nov IST.
  expect(url.searchParams.get("from")).toBe("2026-10-31T18:30:00.000Z");
  expect(url.searchParams.get("to")).toBe("2026-11-15T18:30:00.000Z");
});

test("a department head reads the log of the campaigns it created", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/campaigns/message-log");
  await expect(page.getByRole("heading", { name: "Message Log" })).toBeVisible();
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  // The seed's campaign the head created for its organization (server/seed-campaigns.ts); nothing else of the account.
  await expect(rows.first()).toContainText("Store opening invite");
  const names = await rows.locator("td").filter({ hasText: " · " }).allInnerTexts();
  expect(names.every((n) => n.includes("Store opening invite"))).toBe(true);
  await shot(page, "message-log-depthead");
  const findings = await scan(page, "department head's message log");
  expect(findings.map((f) => `${f.rule} (${f.impact}): ${f.where.join(" | ")}`)).toEqual([]);
});
