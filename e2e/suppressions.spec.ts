import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/campaigns/suppression-list";

test("a manager adds, searches, imports, exports and removes suppressed numbers", async ({ page }) => {
  const stamp = String(Date.now()).slice(-7);
  const a = `+91981${stamp}`;
  const b = `+91982${stamp}`;
  const c = `+91983${stamp}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "Suppression list" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { name: "Suppression List" })).toBeVisible();
  await shot(page, "views-suppressions");

  // Add: two numbers and one that is not a number, which comes back listed.
  await page.getByRole("button", { name: "Add numbers" }).first().click();
  await page.getByLabel("Numbers", { exact: true }).fill(`${a}\n${b}\nnot-a-number`);
  await page.getByLabel("Reason").fill("Asked not to be contacted");
  await page.getByRole("dialog").getByRole("button", { name: "Add numbers" }).click();
  await expect(page.getByRole("dialog").getByText("2 added; 1 not added")).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("not-a-number");
  await shot(page, "views-suppressions-add-invalid");
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByLabel("Search numbers").fill(`981${stamp}`);
  await page.getByLabel("Search numbers").press("Enter");
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(a);
  await expect(rows.first()).toContainText("Asked not to be contacted");
  await expect(rows.first()).toContainText("Added");

  // Import a CSV.
  await page.getByLabel("Search numbers").fill("");
  await page.getByLabel("Search numbers").press("Enter");
  await page.getByRole("button", { name: "Import" }).click();
  await page
    .locator(".ant-modal input[type=file]")
    .setInputFiles({ name: "optouts.csv", mimeType: "text/csv", buffer: Buffer.from(`phone\n${c}\n`) });
  await page.getByRole("dialog").getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("dialog").getByText("1 added")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByLabel("Search numbers").fill(`983${stamp}`);
  await page.getByLabel("Search numbers").press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Imported");

  // Export: a CSV with every number on it.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const file = await (await download).path();
  const csv = await readFile(file, "utf8");
  for (const n of [a, b, c]) expect(csv).toContain(n);

  // Remove, after confirming.
  await rows
    .first()
    .getByRole("button", { name: `Remove ${c}` })
    .click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("No suppressed number matches")).toBeVisible();
});

test("a department head is sent home from the suppression list (the owners' calls)", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/campaigns/suppression-list");
  await expect(page).not.toHaveURL(/suppression-list/);
});
