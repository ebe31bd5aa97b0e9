import { expect, test } from "./fixtures";
import { BALANCE_DISMISSED_KEY, THEME_STORAGE_KEY } from "../contract/constants";
import { MSG } from "../contract/messages";
import { apiToken, login, shot } from "./support";

test("a module the account lacks opens Access Restricted instead of navigating", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.getByText("API Control", { exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(MSG.accessRestrictedTitle)).toBeVisible();
  await expect(dialog.getByText(/account manager/i)).toBeVisible();
  await expect(page).toHaveURL(/\/organization$/);
  await shot(page, "access-restricted");
});

test("the low-balance banner can be dismissed, and the dismissal clears at 1000 or more", async ({ page }) => {
  await login(page, "user", "user");
  const banner = page.getByRole("alert").filter({ hasText: /low balance|balance is low/i });
  await expect(banner).toBeVisible();
  await shot(page, "low-balance");
  await banner.getByRole("button", { name: /close|dismiss/i }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(/low balance|balance is low/i)).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), BALANCE_DISMISSED_KEY)).not.toBeNull();

  const admin = await apiToken(page, "admin");
  const me = await page.evaluate(() => JSON.parse(sessionStorage.getItem("root") ?? "{}"));
  const userId: string = me.auth.user._id;
  // Other specs on this server may have spent some of the user's balance: top it up to exactly ₹1,100.
  const own = await page.request.get("/api/v1/balance/getBalance", {
    headers: { authorization: `Bearer ${await apiToken(page, "user")}` },
  });
  const balance: number = (await own.json()).balances[0].balance;
  const add = await page.request.post("/api/balance/add-balance", {
    headers: { authorization: `Bearer ${admin}` },
    data: { userId, amount: Math.round((1100 - balance) * 100) / 100, note: "e2e top-up" },
  });
  expect(add.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText("₹1,100").first()).toBeVisible();
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), BALANCE_DISMISSED_KEY)).toBeNull();
});

test("the theme toggle persists over a reload", async ({ page }) => {
  await login(page, "reseller", "reseller");
  expect(await page.evaluate((k) => localStorage.getItem(k), THEME_STORAGE_KEY)).not.toBe("dark");
  await page
    .getByRole("button", { name: /dark|theme/i })
    .first()
    .click();
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), THEME_STORAGE_KEY)).toBe("dark");
  await page.reload();
  const bg = await page.evaluate(
    () => getComputedStyle(document.querySelector(".ant-layout") ?? document.body).backgroundColor,
  );
  const [r, g, b] = (bg.match(/\d+/g) ?? ["255", "255", "255"]).map(Number);
  expect(r + g + b).toBeLessThan(150);
  await shot(page, "dark-theme");
});

test("alerts start below the header; toasts leave the page's last table row clear", async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, "user", "user");
  await page.goto("/admin/users");
  const alert = page.locator(".ant-notification-notice").filter({ hasText: MSG.unauthorizedArea });
  await expect(alert).toBeVisible();
  const header = await page.locator("header").first().boundingBox();
  const alertBox = await alert.boundingBox();
  expect(alertBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

  // A second tab has its own session (sessionStorage), so the admin signs in there.
  page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, "admin", "admin");
  await page.goto("/admin/users");
  await page.getByRole("row").filter({ hasText: "globex" }).getByRole("button", { name: /edit/i }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save changes" }).click();
  const toast = page.locator(".ant-notification-notice").filter({ hasText: "Nothing to save" });
  await expect(toast).toBeVisible();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /cancel/i })
    .first()
    .click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = await page.locator(".ant-table-tbody tr.ant-table-row").last().boundingBox();
  const toastBox = await toast.boundingBox();
  expect(lastRow!.y + lastRow!.height).toBeLessThanOrEqual(toastBox!.y);
  await shot(page, "toast-clear-of-last-row");
});
