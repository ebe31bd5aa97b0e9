import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { apiToken, login, shot } from "./support";

const inr = (n: number) => `₹${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function balanceOf(page: Page, username: string): Promise<number> {
  const token = await apiToken(page, username);
  const res = await page.request.get("/api/v1/balance/getBalance", { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).balances[0].balance as number;
}

/**
 * The requester (priya, a user of the manager; other specs use `user`) asks for balance on its billing page and sees
 * the request pending.
 */
async function requestBalance(page: Page, amount: string, shown: string): Promise<void> {
  await page.goto("/user/billing");
  await page.getByLabel("Amount to request").fill(amount);
  await page.getByRole("button", { name: "Request balance" }).click();
  const mine = page.locator(".ant-card").filter({ hasText: "Your balance requests" });
  await expect(mine.getByRole("row").filter({ hasText: shown }).first()).toContainText("Pending");
}

test("a manager approves one request and rejects another with a reason; the user sees both, and the bell says so", async ({
  browser,
}) => {
  // Two signed-in people, two decisions and their notifications: about 20 s on a quiet 2-core machine.
  test.setTimeout(90_000);
  // Amounts of this attempt's own: a retry meets the first attempt's requests on the same server.
  const BIG = 1500 + test.info().retry;
  const SMALL = 300 + test.info().retry;
  const userContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const user = await userContext.newPage();
  const manager = await managerContext.newPage();

  await login(user, "priya", "user");
  const userStart = await balanceOf(user, "priya");
  await requestBalance(user, String(BIG), inr(BIG));
  await requestBalance(user, String(SMALL), inr(SMALL));
  await shot(user, "balance-requests-user-pending");

  // The manager decides from the dashboard card that lists the requests.
  await login(manager, "manager", "manager");
  const managerStart = await balanceOf(manager, "manager");
  const card = manager.getByRole("region", { name: "Balance requests" });
  const big = card.getByRole("row").filter({ hasText: inr(BIG) });
  await expect(big).toContainText("Pending");
  await shot(manager, "balance-requests-manager-dashboard");

  await big.getByRole("button", { name: "Approve" }).click();
  const approve = manager.getByRole("dialog").filter({ hasText: "Approve balance request" });
  await expect(approve).toContainText(inr(BIG));
  await expect(approve).toContainText("Your balance");
  await expect(approve).toContainText(inr(managerStart));
  await expect(approve).toContainText(inr(managerStart - BIG));
  await shot(manager, "balance-requests-approve-dialog");
  await approve.getByRole("button", { name: new RegExp(`Approve ${inr(BIG)}`) }).click();
  await expect(approve).toBeHidden();
  // Pending view: the approved request leaves the list.
  await expect(big).toHaveCount(0);
  // Both balances moved: the manager paid the approval out of its own, which its dashboard shows at once.
  expect(await balanceOf(manager, "manager")).toBe(managerStart - BIG);
  expect(await balanceOf(user, "priya")).toBe(userStart + BIG);
  const ownBalance = manager
    .locator(".ant-statistic")
    .filter({ has: manager.getByText("Your balance", { exact: true }) });
  await expect(ownBalance).toContainText(inr(managerStart - BIG));
  await shot(manager, "balance-requests-manager-paid");

  // The approval reaches the user's open tab at once: the bell lights and names it.
  const bell = user.getByRole("button", { name: "Notifications" });
  await expect(user.locator(".ant-badge-dot")).toBeVisible();
  await bell.click();
  const panel = user.locator(".ant-popover");
  // This attempt's own notifications, by amount: the bell keeps a first attempt's too.
  const news = (title: string, amount: number) =>
    panel
      .getByRole("button")
      .filter({ hasText: title })
      .filter({ hasText: inr(amount) });
  await expect(news("Balance request approved", BIG)).toContainText(`${inr(BIG)} was added to your balance by manager`);
  await shot(user, "balance-requests-user-bell");
  await bell.click();

  const small = card.getByRole("row").filter({ hasText: inr(SMALL) });
  await small.getByRole("button", { name: "Reject" }).click();
  const reject = manager.getByRole("dialog").filter({ hasText: "Reject balance request" });
  const rejectButton = reject.getByRole("button", { name: "Reject request" });
  await expect(rejectButton).toBeDisabled();
  await reject.getByLabel("Reason (shown to the requester)").fill("Please clear the open invoice first");
  await shot(manager, "balance-requests-reject-dialog");
  await rejectButton.click();
  await expect(reject).toBeHidden();
  await card.getByText("All", { exact: true }).click();
  await expect(card.getByRole("row").filter({ hasText: inr(SMALL) })).toContainText("Rejected");
  await expect(card.getByRole("row").filter({ hasText: inr(BIG) })).toContainText("Approved");
  await shot(manager, "balance-requests-manager-all");

  // The user's billing page shows both outcomes and the new balance, without a reload.
  const mine = user.locator(".ant-card").filter({ hasText: "Your balance requests" });
  await expect(mine.getByRole("row").filter({ hasText: inr(SMALL) })).toContainText(
    "Reason: Please clear the open invoice first",
  );
  await expect(mine.getByRole("row").filter({ hasText: inr(BIG) })).toContainText("Approved by manager");
  await expect(user.getByText(inr(userStart + BIG)).first()).toBeVisible();
  await bell.click();
  await expect(news("Balance request rejected", SMALL)).toContainText(
    /rejected by manager: Please clear the open invoice first/,
  );
  await shot(user, "balance-requests-user-decided");

  await userContext.close();
  await managerContext.close();
});

test("the top-up dialog says a manager cannot give more than it holds, before any confirmation", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/users");
  const row = page.getByRole("row").filter({ hasText: "rahul" });
  await row.getByRole("button", { name: /add balance/i }).click();
  const modal = page.getByRole("dialog").filter({ hasText: "Add balance" });
  await expect(modal).toContainText("Your balance");
  await modal.getByLabel(/amount/i).fill("999999");
  await expect(modal.getByText(/More than your own balance of ₹[\d,.]+, which pays for a top-up/)).toBeVisible();
  await modal.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Confirm balance top-up")).toHaveCount(0);
  await shot(page, "top-up-over-own-balance");
});

test("on the quota screen, an approval the manager cannot pay is refused in the dialog, before anything is sent", async ({
  page,
}) => {
  // An amount of this attempt's own: a retry meets the first attempt's request, still pending, on the same server.
  const HUGE = 9_000_000 + test.info().retry;
  const priya = await apiToken(page, "priya");
  const made = await page.request.post("/api/balance/requestBalance", {
    headers: { authorization: `Bearer ${priya}` },
    data: { requestedBalance: HUGE },
  });
  expect(made.status()).toBe(201);
  await login(page, "manager", "manager");
  await page.goto("/organization/quota-reports-management?tab=quota");
  const card = page.locator(".ant-card").filter({ hasText: "Balance requests" });
  const row = card.getByRole("row").filter({ hasText: inr(HUGE) });
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog").filter({ hasText: "Approve balance request" });
  await expect(dialog.getByText(/does not cover this request/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: new RegExp(`Approve ${inr(HUGE)}`) })).toBeDisabled();
  await shot(page, "balance-requests-approve-short");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toContainText("Pending");
  await shot(page, "balance-requests-quota-screen");
});

test("a decision made while the requester was away is announced by the bell when it comes back", async ({ page }) => {
  await login(page, "depthead", "department_head");
  const me = await page.evaluate(() => JSON.parse(sessionStorage.getItem("root") ?? "{}"));
  const id: string = me.auth.user._id;
  // An amount of this attempt's own: a retry's bell also lists the first attempt's decision.
  const SMALL = 250 + test.info().retry;
  // The first connection in this browser sets the watermark: older decisions are history, not news.
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `balanceRequestsSeen_${id}`)).not.toBeNull();

  const head = await apiToken(page, "depthead");
  const made = await page.request.post("/api/balance/requestBalance", {
    headers: { authorization: `Bearer ${head}` },
    data: { requestedBalance: SMALL },
  });
  const requestId: string = (await made.json()).data._id;
  await page.goto("about:blank");
  const manager = await apiToken(page, "manager");
  const approved = await page.request.post(`/api/balance/requests/${requestId}/approve`, {
    headers: { authorization: `Bearer ${manager}` },
  });
  expect(approved.status()).toBe(200);

  await page.goto("/department-head");
  // The dot waits for the page, the socket's connection and the bell's first page from the server: at a load of 13
  // that took longer than 5 s while the dashboard's charts were still loading.
  await expect(page.locator(".ant-badge-dot")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(
    page.locator(".ant-popover").getByText(new RegExp(`${inr(SMALL)} was added to your balance by manager`)),
  ).toBeVisible();
  await shot(page, "balance-requests-caught-up");
});
