import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { dialogSettled, login, shot } from "./support";

// The account's conversion settings on API Control (issue 41, item 2): the attribution window saved and read back,
// the postback URL shown once and called as a shop would (a plain GET from outside the console), replaced (the old
// one refused) and revoked; axe light and dark on the tab and the once-only dialog.

const PAGE = "/user/api-management";
test.describe.configure({ timeout: 120_000 });

async function openTab(page: Page): Promise<void> {
  await page.goto(PAGE);
  await page.getByRole("tab", { name: "Conversions" }).click();
  await expect(page.getByText("Attribution window", { exact: true })).toBeVisible({ timeout: 15_000 });
}

/** The shop's call: a GET of the URL with the order's fields, no session, no key. */
async function callPostback(base: string, url: string, externalId: string): Promise<number> {
  const query = new URLSearchParams({ number: "+919000031001", kind: "order", value: "1499.50", externalId });
  const res = await fetch(`${base}${new URL(url).pathname}?${query}`);
  return res.status;
}

/** Creates the URL, or replaces the one the account has (confirming), and reads it from the once-only dialog. */
async function createUrl(page: Page): Promise<string> {
  await page.getByRole("button", { name: /^(Create postback URL|Replace URL)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Your postback URL" });
  const confirm = page.getByRole("tooltip").getByRole("button", { name: "Replace", exact: true });
  await expect(confirm.or(dialog)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(dialog.getByText("Copy the URL now: it is shown only this once.")).toBeVisible();
  const url = (await dialog.locator("code").first().textContent()) ?? "";
  expect(url).toMatch(/\/api\/public\/v1\/conversions\/postback\/pb_[A-Za-z0-9_-]{43}$/);
  return url;
}

test("the attribution window is saved; a postback URL records a shop's order, is replaced and revoked", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  await login(page, "user", "user");
  await openTab(page);
  const days = page.getByLabel("Attribution window in days");
  await days.fill("14");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Conversion settings saved")).toBeVisible();
  await openTab(page);
  await expect(days).toHaveValue("14");

  const stamp = String(Date.now()).slice(-6);
  const first = await createUrl(page);
  await dialogSettled(page);
  await shot(page, "conversions-postback-once");
  expect(await callPostback(base, first, `e2e-order-${stamp}`)).toBe(202);
  expect(await callPostback(base, first, `e2e-order-${stamp}`)).toBe(200);
  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByText(`…${first.slice(-4)}`)).toBeVisible();
  // The URL itself never shows again.
  await expect(page.getByText(first)).toHaveCount(0);
  await openTab(page);
  await expect(page.getByText("Last called")).toBeVisible();
  await expect(page.locator(".ant-descriptions").getByText("Never")).toHaveCount(0);
  await shot(page, "conversions-settings");

  const second = await createUrl(page);
  const dialog = page.getByRole("dialog", { name: "Your postback URL" });
  expect(second).not.toBe(first);
  expect(await callPostback(base, first, `e2e-old-${stamp}`)).toBe(404);
  expect(await callPostback(base, second, `e2e-new-${stamp}`)).toBe(202);
  await dialog.getByRole("button", { name: "I have copied it" }).click();

  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("tooltip").getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(page.getByText("No postback URL yet.")).toBeVisible();
  expect(await callPostback(base, second, `e2e-revoked-${stamp}`)).toBe(404);
  await days.fill("7");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Conversion settings saved").first()).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`the conversions tab and its once-only dialog pass axe WCAG 2.1 AA (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "user", "user");
    await openTab(page);
    await shot(page, `conversions-tab-${theme}`);
    expect(await scan(page, `${theme} API Control, Conversions`)).toEqual([]);
    await createUrl(page);
    await dialogSettled(page);
    await shot(page, `conversions-dialog-${theme}`);
    expect(await scan(page, `${theme} postback URL dialog`)).toEqual([]);
  });
}
