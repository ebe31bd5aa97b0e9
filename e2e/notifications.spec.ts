import type { APIRequestContext, Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// The bell's history is kept on the server: a customer's message rings the bell, the notification is still there
// after a reload (unread until read, the dot only for what came after the last look), "Mark all read" reads them
// all, and 'View all' pages through the whole history. In light and dark.

/** Pushes and catch-ups cross the server and the socket: on a loaded machine they took more than the default 5 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Writes as customers to the manager's WhatsApp number, one message each, oldest first. */
async function customersWrite(
  request: APIRequestContext,
  token: string,
  numbers: string[],
  text: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const addresses = (await (await request.get("/api/v1/sandbox/phone/addresses", { headers })).json()).data as Array<{
    channel: string;
    address: string;
  }>;
  const address = addresses.find((a) => a.channel === "whatsapp")?.address;
  expect(address).toBeTruthy();
  for (const number of numbers) {
    const res = await request.post("/api/v1/sandbox/phone/messages", {
      headers,
      data: { channel: "whatsapp", address, number, text },
    });
    expect(res.ok()).toBe(true);
  }
}

const bell = (page: Page) => page.getByRole("button", { name: "Notifications" });
const dot = (page: Page) => page.locator(".ant-badge-dot");
const panel = (page: Page) => page.locator(".ant-popover");
const item = (scope: ReturnType<Page["locator"]>, number: string) =>
  scope.locator("[data-notification]").filter({ hasText: number });

test("the bell's notifications survive a reload, light the dot only for news, and are marked read together", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(page, "manager");
  const customer = `+9194${String(Date.now()).slice(-8)}`;
  await login(page, "manager", "manager");
  // A light page (the overview's figures are heavy): the bell is in every page's header.
  await page.goto("/organization/general");

  // Pushed live (or caught up when the tab's socket connects): the dot lights.
  await customersWrite(page.request, token, [customer], "Where is my parcel?");
  await expect(dot(page)).toBeVisible();

  // A reload keeps it: still there, still unread, and the dot still lit (nobody has looked yet).
  await page.reload();
  await expect(dot(page)).toBeVisible();
  await bell(page).click();
  const mine = item(panel(page), customer);
  await expect(mine).toHaveAttribute("data-unread", "true");
  await expect(mine).toContainText("Where is my parcel?");
  await expect(dot(page)).toHaveCount(0);
  await shot(page, "notifications-panel-light");

  // Looked at, not read: after a reload (once the bell has the server's count) no dot, and it is still unread.
  await page.reload();
  await expect(bell(page)).toHaveAttribute("data-unread", /^[1-9][0-9]*$/);
  await expect(dot(page)).toHaveCount(0);
  await bell(page).click();
  await expect(item(panel(page), customer)).toHaveAttribute("data-unread", "true");

  await panel(page).getByRole("button", { name: "Mark all read" }).click();
  await expect(item(panel(page), customer)).toHaveAttribute("data-unread", "false");
  await expect(panel(page).getByText(/\d+ new/)).toHaveCount(0);
  await expect(panel(page).getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await page.reload();
  await bell(page).click();
  await expect(item(panel(page), customer)).toHaveAttribute("data-unread", "false");

  // A read notification still opens its conversation.
  await item(panel(page), customer).click();
  await expect(page).toHaveURL(/\/organization\/chats\?chat=/);
});

test("'View all' pages through the history, newest first, in light and dark", async ({ page }) => {
  test.setTimeout(240_000);
  const token = await apiToken(page, "manager");
  const stamp = String(Date.now()).slice(-6);
  // 21 customers: one more than a page.
  const numbers = Array.from({ length: 21 }, (_, i) => `+9193${stamp}${String(i).padStart(2, "0")}`);
  await login(page, "manager", "manager");
  await page.goto("/organization/general");
  await customersWrite(page.request, token, numbers, "Sheet paging check");
  await expect(dot(page)).toBeVisible();

  await bell(page).click();
  await panel(page).getByRole("button", { name: "View all" }).click();
  const sheet = page.locator(".ant-drawer-open");
  await expect(sheet.getByText("All notifications")).toBeVisible();
  const rows = sheet.locator("[data-notification]");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(numbers[20] ?? "");
  await expect(rows.first()).toHaveAttribute("data-unread", "true");
  await expect(sheet.getByText(/unread, marked with a blue dot/)).toBeVisible();
  await shot(page, "notifications-sheet-light");

  await sheet.locator(".ant-pagination-item-2").click();
  await expect(rows.first()).toContainText(numbers[0] ?? "");
  await sheet.locator(".ant-pagination-item-1").click();
  await expect(rows.first()).toContainText(numbers[20] ?? "");

  await sheet.getByRole("button", { name: "Mark all read" }).click();
  await expect(rows.first()).toHaveAttribute("data-unread", "false");
  await expect(sheet.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  // Dark: a new one arrives while the sheet is open and shows on top, unread.
  await sheet.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  const late = `+9192${stamp}00`;
  await customersWrite(page.request, token, [late], "One more, in the dark");
  await expect(dot(page)).toBeVisible();
  await bell(page).click();
  await expect(item(panel(page), late)).toHaveAttribute("data-unread", "true");
  await shot(page, "notifications-panel-dark");
  await panel(page).getByRole("button", { name: "View all" }).click();
  await expect(rows.first()).toContainText(late);
  await expect(rows.nth(1)).toHaveAttribute("data-unread", "false");
  await shot(page, "notifications-sheet-dark");
});
