import { expect, test } from "./fixtures";
import { MSG } from "../contract";
import { login, shot } from "./support";

// rahul (a user of the manager) is used by no other spec's writes, so his profile is this spec's to change.
test("the account page saves the profile through the data provider and shows the saved record without a reload", async ({ page }) => {
  await login(page, "rahul", "user");
  await page.goto("/user/general");
  const profile = page.locator(".ant-card").filter({ hasText: "Member since" });
  await expect(profile).toContainText("rahul");

  await page.getByLabel("Full name").fill("Rahul Data Provider");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(profile).toContainText("Rahul Data Provider");
  await shot(page, "account-profile-saved");

  const form = page.locator(".ant-card").filter({ hasText: "Change password" });
  await form.getByLabel("Current password").fill("wrong-password-1");
  await form.getByLabel("New password", { exact: true }).fill("another-pass-1!");
  await form.getByLabel("Confirm new password").fill("another-pass-1!");
  await form.getByRole("button", { name: "Change password" }).click();
  // The server's refusal reaches the toast unchanged; the form keeps what was typed.
  await expect(page.getByText(/is incorrect/).first()).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("wrong-password-1");
});

test("the billing page refuses a zero amount without a call (SPEC 5)", async ({ page }) => {
  await login(page, "rahul", "user");
  await page.goto("/user/billing");
  let sent = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/balance/requestBalance")) sent += 1;
  });
  await page.getByLabel("Amount to request").fill("0");
  await page.getByRole("button", { name: "Request balance" }).click();
  await expect(page.getByText(MSG.invalidBalanceAmount)).toBeVisible();
  expect(sent).toBe(0);
  await shot(page, "billing-zero-amount");
});
