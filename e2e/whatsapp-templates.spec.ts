import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { gradientPng } from "./gradient-png";
import { login, shot } from "./support";

/** The account to create in: the picker when WABAs are listed, the id field when the WABA list is unavailable. */
async function chooseWaba(page: Page): Promise<void> {
  const idField = page.getByLabel("WABA id");
  const picker = page.getByRole("combobox", { name: "WhatsApp Business Account" });
  // The picker shows while the WABA list loads; wait until it has either options or has given way to the id field.
  await expect(async () => {
    const settled =
      (await idField.isVisible()) ||
      ((await picker.isVisible()) && (await page.locator(".ant-select-arrow-loading").count()) === 0);
    expect(settled).toBe(true);
  }).toPass();
  if (await idField.isVisible()) {
    await idField.fill("demo-waba-acme");
    return;
  }
  if ((await page.locator(".ant-select-selection-item").filter({ hasText: "·" }).count()) === 0) {
    await picker.click();
    await page.locator(".ant-select-item-option").first().click();
  }
}

test("a manager creates a template with a header image and sees it go from PENDING to APPROVED without reloading", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates/whatsapp");
  await expect(page.getByRole("row").filter({ hasText: "order_shipped" })).toContainText("Approved");
  await expect(page.getByRole("row").filter({ hasText: "loyalty_points" }).getByTestId("recategorised")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "payment_due" })).toContainText(
    "the body can't start or end with a variable",
  );
  await shot(page, "watpl-list");

  await page.getByRole("button", { name: "New template" }).click();
  await expect(page).toHaveURL(/manage-templates\/whatsapp\/whatsapp-template-creation$/);
  await chooseWaba(page);

  // The rules speak while typing, before anything is sent.
  await page.getByLabel("Template name").fill("Spring Launch");
  await expect(page.getByText("Name may contain only lowercase letters, digits and underscores")).toBeVisible();
  await page.getByLabel("Body").fill("{{2}} is waiting");
  await expect(page.getByText("Variables must be numbered from {{1}} without gaps: {{1}} is missing")).toBeVisible();
  await shot(page, "watpl-editor-rules");
  const name = `spring_launch_${Date.now().toString(36)}`;
  await page.getByLabel("Template name").fill(name);
  await expect(page.getByText("Name may contain only lowercase letters, digits and underscores")).toHaveCount(0);
  await page.getByText("Marketing", { exact: true }).click();

  await page.getByLabel("Header type").getByText("Image").click();
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: gradientPng() });
  await expect(page.locator(".wa-bubble img")).toBeVisible();

  await page.getByLabel("Body").fill("Hi ");
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Body").press("End");
  await page.getByLabel("Body").pressSequentially(", our *spring collection* arrives in stores on ");
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Body").press("End");
  await page.getByLabel("Body").pressSequentially(" with fresh styles for the whole family.");
  await expect(page.getByText("Give an example value for {{1}}")).toBeVisible();
  await page.getByLabel("Example 1").fill("Asha");
  await page.getByLabel("Example 2").fill("14 March");
  await page.getByLabel("Footer").fill("Acme Retail · reply STOP to opt out");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByRole("menuitem", { name: "Visit website" }).click();
  await page.getByLabel("Button 1 text").fill("See the collection");
  await page.getByLabel("Button 1 URL").fill("https://acme.example.com/spring");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByRole("menuitem", { name: "Quick reply" }).click();
  await page.getByLabel("Button 2 text").fill("Remind me");

  const bubble = page.getByTestId("wa-bubble");
  await expect(bubble).toContainText(
    "Hi Asha, our spring collection arrives in stores on 14 March with fresh styles for the whole family.",
  );
  await expect(page.locator(".wa-button").filter({ hasText: "See the collection" })).toBeVisible();
  await shot(page, "watpl-editor");

  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/manage-templates\/whatsapp$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Pending");
  await shot(page, "watpl-pending");
  // The review job's verdict arrives over the socket: no reload.
  await expect(row).toContainText("Approved", { timeout: 20_000 });
  await expect(row).toContainText("MARKETING");
  await shot(page, "watpl-approved");

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete ${name}?`)).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the status filter narrows the list", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates/whatsapp");
  await page.getByLabel("Status filter").getByText("Rejected").click();
  await expect(page.getByRole("row").filter({ hasText: "payment_due" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "order_shipped" })).toHaveCount(0);
  await page.getByLabel("Status filter").getByText("Paused").click();
  // The seed has no paused template, but the sandbox's quality events may have paused another spec's by now:
  // the filter shows paused ones only, or says there are none.
  await expect(
    page.getByText("No paused templates").or(page.getByRole("row").filter({ hasText: "Paused:" }).first()),
  ).toBeVisible();
  await expect(page.locator("tr.ant-table-row").filter({ hasNotText: "Paused" })).toHaveCount(0);
});
