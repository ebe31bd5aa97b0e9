import { expect, test } from "./fixtures";
import { MSG } from "../contract/messages";
import { login, shot } from "./support";

test("an admin impersonates a user in a new tab; the admin's tab is untouched", async ({ page, context }) => {
  await login(page, "admin", "admin");
  await page.getByText("Users Management", { exact: true }).first().click();
  const row = page.getByRole("row").filter({ hasText: "user@example.com" });
  await expect(row).toBeVisible();

  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    row.getByRole("button", { name: /impersonate/i }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/user$/);
  await expect(tab.getByText(MSG.impersonationBanner)).toBeVisible();
  expect(await tab.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("impersonation_")))).toEqual(
    [],
  );
  await tab.getByRole("button", { name: /user menu/ }).click();
  const logout = tab.getByRole("menuitem", { name: MSG.impersonationNoLogout });
  await expect(logout).toBeVisible();
  await expect(logout).toHaveAttribute("aria-disabled", "true");
  await shot(tab, "impersonation");
  await tab.keyboard.press("Escape");

  // The admin's own tab still belongs to the admin.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
  await expect(page.getByText(MSG.impersonationBanner)).toHaveCount(0);

  const closed = tab.waitForEvent("close");
  await tab.getByRole("button", { name: /exit/i }).click();
  await closed;
});
