import { expect, test } from "./fixtures";
import { MSG } from "../contract";
import { apiToken, login, shot } from "./support";

// rahul (a user of the manager) is used by no other spec's writes, so his profile is this spec's to change.
test("the account page saves the profile through the data provider and shows the saved record without a reload", async ({
  page,
}) => {
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

test("a person who picks another time zone sees the console's dates in it", async ({ page }) => {
  await login(page, "rahul", "user");
  const headers = { authorization: `Bearer ${await apiToken(page, "rahul")}` };
  // India's to start with (a retry finds the zone the first attempt saved), and a request with a known time.
  expect((await page.request.put("/api/v1/profile/update", { headers, data: { timeZone: "Asia/Kolkata" } })).ok()).toBe(
    true,
  );
  expect(
    (await page.request.post("/api/balance/requestBalance", { headers, data: { requestedBalance: 7 } })).ok(),
  ).toBe(true);
  const mine = await (await page.request.get("/api/balance/my-requests?page=1&limit=5", { headers })).json();
  const createdAt =
    (mine.data as Array<{ amount: number; createdAt: string }>).find((r) => r.amount === 7)?.createdAt ?? "";
  expect(createdAt).not.toBe("");
  const shown = (timeZone: string) =>
    new Intl.DateTimeFormat("en-IN", {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    }).format(new Date(createdAt));
  // A fresh sign-in carries the zone saved through the API.
  await page.evaluate(() => window.sessionStorage.clear());
  await login(page, "rahul", "user");
  await page.goto("/user/billing");
  const requests = page.locator(".ant-card").filter({ hasText: "Your balance requests" });
  await expect(requests).toContainText(shown("Asia/Kolkata"));

  await page.goto("/user/general");
  // Typed into the searchable list, as a person would.
  await page.getByRole("combobox", { name: "Time zone" }).focus();
  await page.getByRole("combobox", { name: "Time zone" }).fill("Dubai");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: "Asia/Dubai" }).click();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.locator(".ant-descriptions-item").filter({ hasText: "Time zone" })).toContainText("Asia/Dubai");
  await shot(page, "account-time-zone");

  await page.goto("/user/billing");
  await expect(requests).toContainText(shown("Asia/Dubai"));
  await expect(requests).not.toContainText(shown("Asia/Kolkata"));
  await shot(page, "account-time-zone-billing");
});
