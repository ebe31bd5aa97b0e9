import { expect, test } from "./fixtures";
import { campaignsIn, recipientsOf } from "./campaign-report-support";
import { apiToken, login, shot } from "./support";

const NUMBERS = "/organization/campaigns/individual-numbers";
/**
 * The manager's seeded completed WhatsApp campaign (server/seed-campaigns.ts), with replied and delivered recipients.
 */
const SEEDED_CAMPAIGN = "Diwali festive sale";

test("a number is checked before any search: empty, letters and too short are refused in place", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto(NUMBERS);
  await expect(page.getByRole("heading", { name: "Individual Numbers" })).toBeVisible();
  const input = page.getByLabel("Phone number");
  const search = page.getByRole("button", { name: "Search" });

  await search.click();
  await expect(page.getByText("Enter a phone number")).toBeVisible();
  await input.fill("98765abc10");
  await search.click();
  await expect(page.getByText("A phone number has only digits, spaces and + ( ) - .")).toBeVisible();
  await input.fill("12345");
  await search.click();
  await expect(page.getByText("Not a valid phone number")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${NUMBERS}$`));
  await shot(page, "detail-number-invalid");
});

test("a number never messaged shows the empty state; a national number is read as Indian and kept in the URL", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto(NUMBERS);
  await page.getByLabel("Phone number").fill("70000 12345");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/number=%2B917000012345$/);
  await expect(page.getByLabel("Phone number")).toHaveValue("+91 70000 12345");
  await expect(page.getByText("No campaign message to +917000012345 yet.")).toBeVisible();
  await shot(page, "detail-number-empty");
});

test("a recipient's history lists its messages across campaigns and links each to its report", async ({ page }) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  // A seeded campaign by name: the newest completed one may be another spec's, whose recipients all failed.
  const done = (await campaignsIn(page.request, token, "completed")).find((c) => c.name === SEEDED_CAMPAIGN);
  if (!done) throw new Error(`the seed's completed campaign "${SEEDED_CAMPAIGN}" is not among the first 50 completed`);
  const replied = await recipientsOf(page.request, token, done, "replied");
  const [someone] = replied.length ? replied : await recipientsOf(page.request, token, done, "delivered");
  expect(someone).toBeTruthy();

  await page.goto(NUMBERS);
  await page.getByLabel("Phone number").fill(someone.number);
  await page.getByRole("button", { name: "Search" }).click();
  const card = page.locator(".ant-card").filter({ hasText: someone.number }).last();
  const row = card.locator(".ant-table-row").filter({ hasText: done.name }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(done.templateName);
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("Delivered");
  await expect(row).toContainText("₹");
  // Times in Indian English and India's time zone, though this browser runs in UTC with en-US.
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
  if (someone.state === "replied") await expect(row).toContainText(someone.reply ?? "");
  await expect(card).toContainText(/\d+ messages?/);
  await shot(page, "detail-number-history");

  await row.getByRole("link", { name: done.name }).click();
  await expect(page).toHaveURL(new RegExp(`individual-reports\\?campaignId=${done._id}`));
  await expect(page.getByRole("heading", { name: done.name })).toBeVisible();
});
