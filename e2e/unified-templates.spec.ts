import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/manage-templates/unified";

test("a manager sees every channel's templates in one table, filters them and opens one in its channel's screen", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates");
  await page.getByRole("button", { name: "All templates" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));

  // The seed gives the manager templates on all three channels: each summary card counts them.
  for (const channel of ["SMS", "WhatsApp", "RCS"]) {
    await expect(page.getByLabel(`${channel} templates`).locator(".ant-statistic-content-value")).not.toHaveText("0");
  }
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  await shot(page, "unified-all");

  await page.getByRole("radiogroup", { name: "Channel" }).getByText("WhatsApp", { exact: true }).click();
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: "WhatsApp" })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Status" }).click();
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")
    .getByText("Rejected", { exact: true })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("payment_due");
  await expect(rows.first()).toContainText("Rejected");
  await shot(page, "unified-filtered");

  // A search with LIKE's wildcard character (_) matches it literally: "Order shipped" (SMS) is not found.
  await page.goto(PAGE);
  await page.getByLabel("Search templates").fill("order_shipped");
  await page.getByLabel("Search templates").press("Enter");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link", { name: "order_shipped" }).click();
  await expect(page).toHaveURL(/\/organization\/manage-templates\/whatsapp$/);
});

test("a department head's unified list has no WhatsApp templates (it may not list them)", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/manage-templates/unified");
  await expect(page.getByLabel("WhatsApp templates").locator(".ant-statistic-content-value")).toHaveText("0");
  await expect(page.getByLabel("SMS templates").locator(".ant-statistic-content-value")).not.toHaveText("0");
  await expect(page.locator(".ant-table-row").filter({ hasText: "WhatsApp" })).toHaveCount(0);
});
