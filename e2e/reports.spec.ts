import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { campaignsIn, ordinaryNumbers, readyWhatsAppCampaign, recipientsOf } from "./campaign-report-support";
import { apiToken, login, shot } from "./support";

const REPORTS = "/organization/reports";
// Generation runs in the background on a shared, often busy machine: give each test room.
test.describe.configure({ timeout: 120_000 });
const PAGE_LOAD = { timeout: 30_000 };
const form = (page: Page) =>
  page.locator(".ant-card").filter({ has: page.getByText("Generate a report", { exact: true }) });
const rowOf = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text }).first();

/** Fills the generate form: channel, campaign (by name), detailed or not, format; then Generate. */
async function generate(
  page: Page,
  opts: {
    channel: "WhatsApp" | "SMS" | "RCS" | "All channels";
    campaign?: string;
    detailed: boolean;
    format: "CSV" | "Excel";
  },
) {
  const f = form(page);
  await expect(f).toBeVisible(PAGE_LOAD);
  await f.getByLabel("Report channel").getByText(opts.channel, { exact: true }).click();
  if (opts.campaign) {
    const picker = f.getByRole("combobox", { name: "Report campaign" });
    // The chosen option's label covers the search input until the select opens.
    await f
      .locator(".ant-select")
      .filter({ has: page.getByRole("combobox", { name: "Report campaign" }) })
      .click();
    await picker.fill(opts.campaign.slice(0, 12));
    await page.locator(".ant-select-item-option").filter({ hasText: opts.campaign }).first().click();
  }
  const detailed = f.getByRole("switch", { name: "Detailed report" });
  if ((await detailed.getAttribute("aria-checked")) !== String(opts.detailed)) await detailed.click();
  await f.getByText(opts.format, { exact: true }).click();
  await f.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByText("Report queued")).toBeVisible();
}

test("with no reports the page says how to make the first one", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/reports");
  await expect(page.getByRole("heading", { name: "Performance Reports" })).toBeVisible(PAGE_LOAD);
  await expect(page.getByText("No reports yet")).toBeVisible();
  await page.getByRole("button", { name: "Generate your first report" }).click();
  // The button takes the person to the form's first field.
  await expect(page.locator(".ant-picker-focused")).toBeVisible();
  await shot(page, "reports-empty");
});

test("a manager generates a detailed report of a seeded campaign, watches it become ready, downloads it and reads every recipient", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const seeded = (await campaignsIn(page.request, token, "completed")).find((c) => c.name === "Diwali festive sale");
  expect(seeded, "the seed's completed demo campaign").toBeTruthy();
  if (!seeded) return;

  await page.goto(REPORTS);
  await expect(page.getByRole("heading", { name: "Performance Reports" })).toBeVisible(PAGE_LOAD);
  // The date presets of the range picker.
  await form(page).getByLabel("Report dates").first().click();
  for (const preset of ["Today", "Last 7 days", "Last 30 days"])
    await expect(page.locator(".ant-picker-presets").getByText(preset, { exact: true })).toBeVisible();
  await page.locator(".ant-picker-presets").getByText("Last 30 days", { exact: true }).click();
  await page.keyboard.press("Escape");

  await generate(page, { channel: "WhatsApp", campaign: seeded.name, detailed: true, format: "CSV" });
  const row = rowOf(page, seeded.name);
  await expect(row).toContainText("Detailed report");
  await expect(row.locator("[data-status=ready]")).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(`${seeded.total} rows`);
  await expect(row).toContainText(/expires in (\d+ days|\d+ hours)/);
  await shot(page, "reports-ready");

  const [file] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("button", { name: /^Download / }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(
    /^detailed-report-Diwali_festive_sale-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const rows = parse(await readFile(await file.path()), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(seeded.total);
  expect(new Set(rows.map((r) => r.campaign))).toEqual(new Set([seeded.name]));
  expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(["whatsapp"]));
  // Every recipient, with the same state and timestamps the campaign's own pages show.
  const recipients = await recipientsOf(page.request, token, seeded, undefined, 100);
  expect(new Set(rows.map((r) => r.number))).toEqual(new Set(recipients.map((r) => r.number)));
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  for (const r of recipients) {
    expect(byNumber.get(r.number)).toMatchObject({
      state: r.state,
      sent_at: r.sentAt ?? "",
      delivered_at: r.deliveredAt ?? "",
    });
  }

  // The details drawer.
  await row.getByRole("button", { name: /^Details of / }).click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer).toContainText("Every recipient with its states and timestamps");
  await expect(drawer).toContainText(seeded.name);
  await expect(drawer).toContainText(file.suggestedFilename());
  await shot(page, "reports-details");
  await drawer.getByRole("button", { name: "Close" }).click();
});

test("a large detailed report shows its progress while it is generated, then downloads as a workbook", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const name = `Report load ${Date.now()}`;
  const campaign = await readyWhatsAppCampaign(page.request, token, name, ordinaryNumbers(10_000, 63));

  await page.goto(REPORTS);
  await generate(page, { channel: "WhatsApp", campaign: name, detailed: true, format: "Excel" });
  const row = rowOf(page, name);
  // The e2e server reads 100 recipients at a time: the bar is seen moving before the report is ready.
  await expect(row.getByRole("progressbar", { name: "Report progress" })).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(/of 10,000 rows/);
  await shot(page, "reports-running");
  await expect(row.locator("[data-status=ready]")).toBeVisible({ timeout: 60_000 });

  const [file] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("button", { name: /^Download / }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.getWorksheet("Recipients");
  expect(sheet?.rowCount).toBe(campaign.total + 1);
  expect((sheet?.getRow(2).values as unknown[])[1]).toBe(name);
});

test("a summary report is deleted after confirming; a download of a report gone meanwhile says why", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  await page.goto(REPORTS);
  await generate(page, { channel: "SMS", detailed: false, format: "CSV" });
  const row = rowOf(page, "Summary report");
  await expect(row.locator("[data-status=ready]")).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("All campaigns");

  // Deleted elsewhere (another tab) while its details are open here: the download answers JSON, read out as SPEC 8
  // says.
  await row.getByRole("button", { name: /^Details of / }).click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer).toContainText("Counts per campaign and channel");
  const listed = await page.request.get("/api/v1/reports/list?channel=sms&limit=1", {
    headers: { authorization: `Bearer ${token}` },
  });
  const [newest] = (await listed.json()).data as { _id: string }[];
  const removed = await page.request.delete(`/api/v1/reports/delete/${newest._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
  await drawer.getByRole("button", { name: "Download" }).click();
  await expect(page.getByText("Failed to download report")).toBeVisible();
  await expect(page.getByText("Failed to download file: Report not found")).toBeVisible();
  await shot(page, "reports-download-failed");

  // Delete asks first.
  await page.reload();
  await generate(page, { channel: "SMS", detailed: false, format: "CSV" });
  const again = rowOf(page, "Summary report");
  await expect(again.locator("[data-status=ready]")).toBeVisible({ timeout: 30_000 });
  const before = await page.locator(".ant-table-row").count();
  await again.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByText("Delete this report?")).toBeVisible();
  await shot(page, "reports-delete-confirm");
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Report deleted")).toBeVisible();
  await expect(page.locator(".ant-table-row")).toHaveCount(before - 1);
});
