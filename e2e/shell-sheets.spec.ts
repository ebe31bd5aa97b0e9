import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// The shell's two sheets are lazy chunks (a desktop's first view never downloads the Drawer): on a phone the sidebar
// opens as a sheet and takes the person where they tap; 'View all' under the bell opens every notification.

test("on a phone the sidebar opens as a sheet, navigates and closes; 'View all' opens the notifications sheet", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, "manager", "manager");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  const sheet = page.locator(".ant-drawer-open");
  await expect(sheet.getByRole("menuitem", { name: /Conversations/ })).toBeVisible();
  await shot(page, "shell-mobile-sidebar");
  await sheet.getByRole("menuitem", { name: /Conversations/ }).click();
  await expect(page).toHaveURL(/\/organization\/chats$/);
  await expect(page.locator(".ant-drawer-open")).toHaveCount(0);

  await page.getByRole("button", { name: "Notifications" }).click();
  await page.getByRole("button", { name: "View all" }).click();
  await expect(page.locator(".ant-drawer-open").getByText("All notifications")).toBeVisible();
  await expect(page.getByText(/Everything the bell told you, newest first/)).toBeVisible();
  // On a phone the sheet takes the whole width, once it has slid in.
  await expect
    .poll(async () => (await page.locator(".ant-drawer-open .ant-drawer-content-wrapper").boundingBox())?.x)
    .toBe(0);
  await shot(page, "shell-mobile-notifications");
  await page.locator(".ant-drawer-open").getByRole("button", { name: "Close" }).click();
  await expect(page.locator(".ant-drawer-open")).toHaveCount(0);
});
