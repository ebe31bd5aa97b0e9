import { readFile } from "node:fs/promises";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// Contacts import (issue 39, item 2): upload → map columns (guessed from the headers) → start → progress → summary with
// the rejected rows to download. Each run stamps its numbers, so reruns against one database stay apart.

const stamp = () => String(Date.now()).slice(-7);

function file(s: string): { name: string; mimeType: string; buffer: Buffer } {
  const lines = [
    "Mobile,Name,Email,Tags",
    `972${s},Asha ${s},asha${s}@example.com,vip; import`,
    `+91972${s},Asha again,,`,
    `971${s},Ravi ${s},not-an-email,`,
    "12,Too short,,",
    `970${s},Meera ${s},,`,
  ];
  return { name: `people-${s}.csv`, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) };
}

async function openImport(page: Page, s: string) {
  await page.getByRole("button", { name: /^(upload )?Import$/ }).click();
  const drawer = page.locator(".ant-drawer").filter({ hasText: "Import contacts" });
  await drawer.locator('input[type="file"]').setInputFiles(file(s));
  await expect(drawer.getByText(`people-${s}.csv`)).toBeVisible();
  return drawer;
}

test("a manager imports a CSV with bad rows: counts, then the rejected rows downloaded with their reasons", async ({
  page,
}) => {
  const s = stamp();
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/contacts");
  const drawer = await openImport(page, s);
  // The selects come pre-filled from the headers.
  await expect(drawer.getByRole("combobox", { name: "Field for column Mobile" })).toBeVisible();
  await expect(drawer.locator(".ant-select-selection-item").nth(0)).toHaveText("Number");
  await expect(drawer.locator(".ant-select-selection-item").nth(3)).toHaveText("Labels");
  await shot(page, "contacts-import-map");
  expect(await scan(page, "light import mapping")).toEqual([]);

  await drawer.getByRole("button", { name: "Start import" }).click();
  await expect(drawer.getByText(`people-${s}.csv imported: 5 rows read`)).toBeVisible({ timeout: 30_000 });
  const counts = drawer.locator(".ant-descriptions");
  await expect(counts).toContainText("Created2");
  await expect(counts).toContainText("Rejected3");
  await shot(page, "contacts-import-summary");
  expect(await scan(page, "light import summary")).toEqual([]);

  const download = page.waitForEvent("download");
  await drawer.getByRole("button", { name: "Download rejected rows" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`people-${s}-rejected.csv`);
  const text = await readFile(await saved.path(), "utf8");
  expect(text).toContain("row,reason,Mobile,Name,Email,Tags");
  expect(text).toContain(`3,number: +91972${s} is in an earlier row of the file (the first row wins)`);
  expect(text).toContain("4,email: is not an email address");
  expect(text).toContain("5,number: Not a phone number");

  await drawer.getByRole("button", { name: "Done" }).click();
  const search = page.getByLabel("Search contacts");
  await search.fill(s);
  await search.press("Enter");
  await expect(page.locator(".ant-table-row")).toHaveCount(2);
});

test("the import drawer passes axe WCAG 2.1 AA in dark (department head)", async ({ page }) => {
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/campaigns/contacts");
  await page.getByRole("button", { name: /^(upload )?Import$/ }).click();
  await expect(page.getByText("Drop a CSV or XLSX file here")).toBeVisible();
  // The drawer slides in from the right: its shot and scan wait until it stands still at its width (760).
  const panel = page.locator(".ant-drawer-content-wrapper");
  await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? 0)).toBe(page.viewportSize()!.width - 760);
  await shot(page, "contacts-import-upload-dark");
  expect(await scan(page, "dark import upload")).toEqual([]);
  await page.locator(".ant-drawer").locator('input[type="file"]').setInputFiles(file(stamp()));
  await expect(page.getByRole("combobox", { name: "Field for column Mobile" })).toBeVisible();
  await shot(page, "contacts-import-map-dark");
  expect(await scan(page, "dark import mapping")).toEqual([]);
});
