import { expect, test } from "./fixtures";
import { MSG } from "../contract/messages";
import { apiToken, login, shot } from "./support";

// 102 UCS-2 units: Hindi needs UCS-2, and past 70 units the message goes out as two parts of 67.
const HINDI_BODY = "प्रिय {#var#}, दिवाली की हार्दिक शुभकामनाएँ! आपके अगले ऑर्डर {#var#} पर 20% की छूट पाएँ। - Acme Retail";

async function pick(page: import("@playwright/test").Page, label: string, option: string): Promise<void> {
  // The selected value covers the search input antd labels: click the field around it, as a person does.
  await page
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: label, exact: true }) })
    .click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").getByText(option, { exact: true }).click();
}

test("a manager writes a Hindi SMS template, sees UCS-2 and two parts, saves it and finds it in the list", async ({
  page,
}) => {
  // A name of this attempt's own: a retry meets the first attempt's template on the same server.
  const name = `Diwali offer ${Date.now().toString(36).slice(-4)}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates/create-sms");
  await expect(page.getByRole("heading", { name: "New SMS Template" })).toBeVisible();
  await expect(page.getByTestId("sms-encoding")).toHaveText("GSM-7");
  // TRAI's URL whitelisting (since 1 October 2024), and that tracked links need the short-link domain listed too.
  await expect(page.getByTestId("sms-template-url-note")).toContainText("whitelisted on the DLT platform");
  await expect(page.getByTestId("sms-template-url-note")).toContainText("short-link domain");
  await shot(page, "sms-create-empty");

  await page.getByLabel("Template name").fill(name);
  await pick(page, "Category", "Service explicit");
  await pick(page, "Sender id", "ACMERT");
  await page.getByLabel("DLT template id").fill("1107160000000000042");

  // Typed in English first: GSM-7, one part.
  const message = page.getByRole("textbox", { name: "Message" });
  await message.fill("Dear {#var#}, Happy Diwali!");
  await expect(page.getByTestId("sms-encoding")).toHaveText("GSM-7");
  await expect(page.getByTestId("sms-parts")).toHaveText("1");

  // A wrong variable is explained while typing.
  await message.fill("Dear {#name#}");
  await expect(page.getByText("variables must be written exactly {#var#} (found {#name#})")).toBeVisible();

  await message.fill(HINDI_BODY);
  await expect(page.getByTestId("sms-encoding")).toHaveText("UCS-2");
  await expect(page.getByTestId("sms-units")).toHaveText("102");
  await expect(page.getByTestId("sms-per-part")).toHaveText("67");
  await expect(page.getByTestId("sms-parts")).toHaveText("2");
  await expect(page.getByTestId("sms-preview-sender")).toHaveText("ACMERT");
  await expect(page.getByTestId("sms-preview-body").locator("mark")).toHaveCount(2);
  await shot(page, "sms-create-hindi");

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page).toHaveURL(/\/organization\/manage-templates\/sms$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("UCS-2");
  await expect(row).toContainText("2 parts");
  await expect(row).toContainText("Service explicit");
  await shot(page, "sms-templates-list");

  // Filter by account and search; then open the editor over the list.
  await pick(page, "SMS account", "Acme Promotions");
  await expect(page.getByRole("row").filter({ hasText: "Weekend sale" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await pick(page, "SMS account", "Acme Transactional");
  await expect(page.getByRole("row").filter({ hasText: "Weekend sale" })).toHaveCount(0);
  await page.getByLabel("Search SMS templates").fill(name.toLowerCase());
  await page.getByLabel("Search SMS templates").press("Enter");
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one match
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByLabel("Template name")).toHaveValue(name);
  await expect(drawer.getByTestId("sms-parts")).toHaveText("2");
  await shot(page, "sms-edit-drawer");
  await drawer.getByLabel("Template name").fill(`${name} 2026`);
  await drawer.getByRole("button", { name: "Save changes" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: `${name} 2026` })).toBeVisible();
});

test("a manager activates and, after confirming, deactivates an SMS account", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/channels/sms");
  const promo = page.getByRole("row").filter({ hasText: "Acme Promotions" });
  await expect(promo).toContainText("ACMEPR");
  await expect(promo).toContainText("1201159100000000001");
  // The table fades in once loaded; let it settle for the screenshot.
  await page.waitForTimeout(400);
  await shot(page, "sms-accounts");

  const toggle = promo.getByRole("switch", { name: /Acme Promotions/ });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();

  const token = await apiToken(page, "manager");
  const stored = async () => {
    const res = await page.request.get("/api/sms/accounts", { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()).data as { name: string; isActive: boolean }[]).find((a) => a.name === "Acme Promotions")
      ?.isActive;
  };
  expect(await stored()).toBe(true);

  // Deactivation asks first; cancelling keeps it on.
  await toggle.click();
  const confirm = page.locator(".ant-popconfirm");
  await expect(confirm).toContainText("Deactivate Acme Promotions?");
  await expect(confirm).toBeVisible();
  // Let the pop-over finish its zoom-in so the screenshot shows it.
  await page.waitForTimeout(400);
  await shot(page, "sms-accounts-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Deactivate" }).click();
  await expect(toggle).not.toBeChecked();
  expect(await stored()).toBe(false);

  // The DLT registration: a bad entity id is explained before anything is sent.
  await promo.getByRole("button", { name: "DLT registration" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Principal entity id").fill("12011591000000000AB");
  await expect(dialog).toContainText("must be 10 to 25 digits");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Principal entity id").fill("1201159100000000077");
  await dialog.getByRole("combobox", { name: "Sender ids" }).fill("acmesl");
  await dialog.getByRole("combobox", { name: "Sender ids" }).press("Enter");
  await shot(page, "sms-registration");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(promo).toContainText("ACMESL");
  await expect(promo).toContainText("1201159100000000077");
});

test("a failed fetch empties the SMS accounts and templates lists and says so", async ({ page }) => {
  await login(page, "user", "user");
  // The real server's list cannot fail on demand: its answer is replaced by a bare 500 on the way.
  await page.route("**/api/sms/accounts", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/user/channels/sms");
  await expect(page.locator(".ant-alert").filter({ hasText: MSG.fetchSmsAccounts })).toBeVisible();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: MSG.fetchSmsAccounts })).toBeVisible();
  await expect(page.getByText("Nothing to show until the accounts load.")).toBeVisible();
  await shot(page, "sms-accounts-error");

  // The same for the templates list, and for one template opened in the editor.
  await page.route("**/api/sms/templates", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/user/manage-templates/sms");
  await expect(page.locator(".ant-alert").filter({ hasText: MSG.fetchSmsTemplates })).toBeVisible();
  await expect(page.getByText("Nothing to show until the templates load.")).toBeVisible();
  await shot(page, "sms-templates-error");
  await page.unroute("**/api/sms/templates");
  await page.route("**/api/sms/templates/*", (route) => route.fulfill({ status: 500, body: "" }));
  await page.goto("/user/manage-templates/sms/edit/00000000-0000-4000-8000-000000000000");
  await expect(page.locator(".ant-drawer .ant-alert").filter({ hasText: MSG.fetchSmsTemplate })).toBeVisible();
});
