import { expect, test } from "@playwright/test";
import { MSG } from "../contract/messages";
import { login, shot } from "./support";

test("a reseller creates a user, adds balance, and the ledger shows it", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.getByText("Users Management", { exact: true }).first().click();
  await expect(page).toHaveURL(/\/reseller\/users$/);
  await expect(page.getByRole("cell", { name: "globex", exact: true })).toBeVisible();
  await shot(page, "reseller-users");

  await page.getByRole("button", { name: /create user/i }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Username").fill("e2e-shop");
  await form.getByLabel("Email").fill("e2e-shop@example.com");
  await form.getByLabel("Password").fill("e2e-password-1");
  await form.getByLabel("Role").click();
  await page.getByRole("option", { name: /^user$/i }).or(page.locator(".ant-select-item-option", { hasText: /^User$/ })).first().click();
  await shot(page, "create-user-form");
  await form.getByRole("button", { name: /create|submit|save/i }).last().click();
  const row = page.getByRole("row").filter({ hasText: "e2e-shop" });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: /add balance/i }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel(/amount/i).fill("250");
  await modal.getByRole("button", { name: /add|continue|confirm/i }).last().click();
  // A confirmation shows the amount and the user before anything is written.
  const confirm = page.getByRole("dialog").filter({ hasText: "e2e-shop" }).last();
  await expect(confirm.getByText(/250/).first()).toBeVisible();
  await confirm.getByRole("button", { name: /confirm|yes|add/i }).last().click();
  await expect(row.getByText("₹250").first()).toBeVisible();

  await page.getByText("Quota Management", { exact: true }).first().click();
  await page.getByText("e2e-shop").first().click().catch(() => undefined);
  await expect(page.getByText(/250/).first()).toBeVisible();
  await shot(page, "quota-ledger");
  await expect(page.getByText(MSG.fetchUsers)).toHaveCount(0);
});
