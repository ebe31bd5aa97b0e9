import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// Labels, filters and saved views in the inbox (issue 40 item 3): a manager labels a conversation from its details,
// labels two more from the list's selection, filters the list by the label and saves that as a view whose count shows.
// Light and dark, each with axe.

const INBOX = "/organization/chats";

/** Opens an antd select from the keyboard and picks an option (its input is not a visible click target). */
async function choose(page: Page, label: string, option: string) {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.focus();
  await box.press("ArrowDown");
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
    .filter({ hasText: option })
    .first()
    .click();
}

const rows = (page: Page) => page.getByRole("listbox", { name: "Conversations" }).getByRole("option");

// Alone these walks take ~20 s; in CI's two workers on two cores they ran past the default 30 s (ci15 and ci16, at a
// login POST or a list row), after the campaign specs on the same worker.
test.describe.configure({ timeout: 90_000 });

for (const theme of ["light", "dark"] as const) {
  test(`a manager labels conversations, filters by the label and saves the view (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await page.setViewportSize({ width: 1700, height: 1000 });
    const label = `VIP ${theme} ${String(Date.now()).slice(-5)}`;
    await login(page, "manager", "manager");
    await page.goto(INBOX);
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    // The seeded conversations (+91 98100 00101-104) by a number fragment: other specs' campaign answers on this
    // worker's server open newer conversations that push them off the list's first page.
    await page.getByLabel("Search conversations").fill("98100001");
    await page.getByLabel("Search conversations").press("Enter");

    // From the thread: the details panel's label picker takes a new name.
    await rows(page).filter({ hasText: "+919810000103" }).first().click();
    const picker = page.getByRole("combobox", { name: "Labels", exact: true });
    await picker.fill(label);
    await picker.press("Enter");
    await picker.press("Escape");
    const row = rows(page).filter({ hasText: "+919810000103" }).first();
    await expect(row.getByText(label)).toBeVisible();

    // In bulk: select two more conversations and add the same label to both.
    await page.getByRole("button", { name: "Select" }).click();
    await rows(page).filter({ hasText: "+919810000101" }).first().click();
    await rows(page).filter({ hasText: "+919810000104" }).first().click();
    await expect(page.getByText("2 selected")).toBeVisible();
    await choose(page, "Label for the selected conversations", label);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add label" }).click();
    for (const n of ["+919810000101", "+919810000104"])
      await expect(rows(page).filter({ hasText: n }).first().getByText(label)).toBeVisible();
    await shot(page, `inbox-labels-bulk-${theme}`);
    expect(await scan(page, `${theme} inbox bulk labels`)).toEqual([]);
    // Leave selecting. Under load the list was once seen out of select mode by now (after the bulk label, with a
    // search active; cause not found yet, see the closing note): leaving it is what matters here.
    const done = page.getByRole("button", { name: "Done" });
    if (await done.isVisible()) await done.click();
    await expect(page.getByText("2 selected")).toBeHidden();

    // Filter by the label: only the three labelled conversations remain.
    await page.getByRole("button", { name: "More filters" }).click();
    await choose(page, "Label", label);
    await expect(rows(page)).toHaveCount(3);
    await shot(page, `inbox-labels-filter-${theme}`);
    expect(await scan(page, `${theme} inbox filters`)).toEqual([]);
    await page.getByRole("button", { name: "More filters" }).click();
    await expect(page.getByText("Filter conversations")).toBeHidden();

    // Save it as a view: it is listed with its count.
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.getByLabel("Name").fill(`Labelled ${theme}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("View saved")).toBeVisible();
    await expect(page.locator('div.ant-select[aria-label="Saved views"]')).toContainText(`Labelled ${theme} (3)`);
    await shot(page, `inbox-labels-view-${theme}`);
    expect(await scan(page, `${theme} inbox saved view`)).toEqual([]);
  });
}
