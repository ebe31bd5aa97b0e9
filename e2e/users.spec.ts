import { expect, test } from "./fixtures";
import { MSG } from "../contract/messages";
import { login, shot } from "./support";

test("a reseller creates a user, adds balance, and the ledger shows it", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.getByText("Users Management", { exact: true }).first().click();
  await expect(page).toHaveURL(/\/reseller\/users(\?|$)/);
  await expect(page.getByRole("cell", { name: "globex", exact: true })).toBeVisible();
  await shot(page, "reseller-users");

  await page.getByRole("button", { name: /create user/i }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Username").fill("e2e-shop");
  await form.getByLabel("Email").fill("e2e-shop@example.com");
  await form.getByLabel("Password").fill("e2e-password-1");
  await form.getByLabel("Role").click();
  await page
    .getByRole("option", { name: /^user$/i })
    .or(page.locator(".ant-select-item-option", { hasText: /^User$/ }))
    .first()
    .click();
  await shot(page, "create-user-form");
  await form
    .getByRole("button", { name: /create|submit|save/i })
    .last()
    .click();
  const row = page.getByRole("row").filter({ hasText: "e2e-shop" });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: /add balance/i }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel(/amount/i).fill("250");
  await modal
    .getByRole("button", { name: /add|continue|confirm/i })
    .last()
    .click();
  // A confirmation shows the amount and the user before anything is written.
  const confirm = page.getByRole("dialog").filter({ hasText: "e2e-shop" }).last();
  await expect(confirm.getByText(/250/).first()).toBeVisible();
  await confirm
    .getByRole("button", { name: /confirm|yes|add/i })
    .last()
    .click();
  await expect(row.getByText("₹250").first()).toBeVisible();

  await page.getByText("Quota Management", { exact: true }).first().click();
  await page
    .getByText("e2e-shop")
    .first()
    .click()
    .catch(() => undefined);
  await expect(page.getByText(/250/).first()).toBeVisible();
  await shot(page, "quota-ledger");
  await expect(page.getByText(MSG.fetchUsers)).toHaveCount(0);
});

test("a free-text search with an apostrophe stays out of the URL and does not log out", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/users");
  await page.getByLabel("Search users").fill("Mother's Day; select");
  await page.getByLabel("Search users").press("Enter");
  await expect(page.getByText("No accounts match “Mother's Day; select”.")).toBeVisible();
  await expect(page.getByText(MSG.suspicious)).toHaveCount(0);
  await expect(page).toHaveURL(/\/reseller\/users/);
  expect(decodeURIComponent(page.url())).not.toContain("Mother");
  await page.reload();
  await expect(page).toHaveURL(/\/reseller\/users/);
  await expect(page.getByRole("cell", { name: "globex", exact: true })).toBeVisible();
});

test("the users table keeps its page and sort in the URL", async ({ page }) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/users?currentPage=2&pageSize=3");
  await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");
  await expect(page.locator(".ant-table-tbody tr.ant-table-row")).toHaveCount(3);

  await page.getByRole("columnheader", { name: /^Username/ }).click();
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=username&sorters\[0\]\[order\]=asc/);
  await expect(page).toHaveURL(/currentPage=2/);
  const firstNames = async () => page.locator(".ant-table-tbody tr.ant-table-row td:first-child").allInnerTexts();
  const sorted = (names: string[], dir: 1 | -1) =>
    names.length === 3 && names.every((n, i) => i === 0 || dir * names[i - 1].localeCompare(n) <= 0);
  await expect.poll(async () => sorted(await firstNames(), 1)).toBe(true);
  const ascending = await firstNames();

  await page.getByRole("columnheader", { name: /^Username/ }).click();
  await expect(page).toHaveURL(/sorters\[0\]\[order\]=desc/);
  await expect.poll(async () => sorted(await firstNames(), -1)).toBe(true);
  const descending = await firstNames();
  expect(descending).not.toEqual(ascending);
  await page.reload();
  await expect.poll(firstNames).toEqual(descending);
  await expect(page.getByText(MSG.suspicious)).toHaveCount(0);
});

test("create and edit are child routes with their own URL", async ({ page }) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/users");
  await page.getByRole("button", { name: /create user/i }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create/);
  await expect(page.getByRole("dialog").getByText("Create user").first()).toBeVisible();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /close|cancel/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/users(\?|$)/);

  await page.getByRole("row").filter({ hasText: "globex" }).getByRole("button", { name: /edit/i }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\/[^/?]+/);
  await page.reload();
  await expect(page.getByRole("dialog").getByText("Edit globex")).toBeVisible();
  await shot(page, "edit-user-route");
});

test("the quota ledger keeps its page in the URL, and another account's ledger starts at page 1", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/quota-management?currentPage=3&pageSize=10");
  await expect(page).toHaveURL(/currentPage=3/);
  await page.getByRole("combobox", { name: "Account", exact: true }).click();
  await page.locator(".ant-select-item-option").first().click();
  await expect(page).toHaveURL(/currentPage=1/);
  await expect(page).toHaveURL(/account=/);
  await expect(page.getByText(MSG.suspicious)).toHaveCount(0);
});
