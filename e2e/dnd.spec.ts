import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/campaigns/dnd-list";

test("a manager imports an aggregator's scrub file into the DND list, sees the counts by source, searches and removes", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const full = `+91971${stamp}`;
  const partial = `+91972${stamp}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "DND list" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { name: "DND List" })).toBeVisible();

  await page.getByRole("button", { name: "Import scrub file" }).click();
  const csv = `phone,preference,consent\n${full},0,no\n${partial},"1,7",no\nnot-a-number,0,no\n`;
  await page
    .locator(".ant-modal input[type=file]")
    .setInputFiles({ name: "scrub.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("dialog").getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("dialog").getByText("2 added; 1 not added")).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("not-a-number");
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  // The count of imported numbers covers the two just added.
  const imported = page.locator(".ant-statistic").filter({ hasText: "Imported scrub file" });
  await expect
    .poll(async () => Number((await imported.locator(".ant-statistic-content").innerText()).replace(/\D/g, "")))
    .toBeGreaterThanOrEqual(2);

  await page.getByLabel("Search numbers").fill(`97${"2"}${stamp}`);
  await page.getByLabel("Search numbers").press("Enter");
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(partial);
  await expect(rows.first()).toContainText("1 · Banking");
  await expect(rows.first()).toContainText("Imported scrub file");
  await page.getByLabel("Search numbers").fill(`971${stamp}`);
  await page.getByLabel("Search numbers").press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Fully blocked");
  await shot(page, "views-dnd-list");

  await rows
    .first()
    .getByRole("button", { name: `Remove ${full}` })
    .click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("No DND number matches")).toBeVisible();
});

test("a department head is sent home from the DND list (the owners' calls)", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/campaigns/dnd-list");
  await expect(page).not.toHaveURL(/dnd-list/);
});
