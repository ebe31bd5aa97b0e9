import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { createImageTemplate } from "./campaign-helpers";
import { gradientPng } from "./gradient-png";
import { apiToken, dialogSettled, login, shot } from "./support";
import { scan } from "./a11y/axe";

// A campaign made, ingested, checked, started and followed to its report: more than Playwright's 30 s when two
// workers' servers share the 2-core machine (the RCS failover test took 31 s once in CI's run and 25 s on retry).
test.describe.configure({ timeout: 90_000 });

// The campaign creation stepper against the real server, as the demo manager (a WABA with approved and rejected
// templates, SMS accounts with DLT templates, an RCS bot with a template). Numbers are the sandbox's fixed ones
// (contract/domain/sandbox-numbers.ts): +91 90000 0000x are always delivered.

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: option })
    .first()
    .click();
}

/** An antd statistic by its exact title ("Valid" must not also match "Invalid"). */
const stat = (page: Page, title: string) =>
  page
    .locator(".ant-statistic")
    .filter({ has: page.locator(".ant-statistic-title").getByText(title, { exact: true }) });

const fieldError = (page: Page, text: string | RegExp) =>
  page.locator(".ant-form-item-explain-error").filter({ hasText: text });

/** The preview's header <img> has loaded a real picture of this width (a placeholder or a broken link has none). */
async function headerImageLoaded(page: Page, width: number): Promise<void> {
  const img = page.locator("img[data-testid=wa-header-image]");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBe(width);
}

async function templateStep(
  page: Page,
  name: string,
  account: { label: string; option: string | RegExp },
  template: string,
): Promise<void> {
  await page.getByLabel("Campaign name").fill(name);
  await pick(page, account.label, account.option);
  await page.getByRole("radio", { name: template }).check();
}

/**
 * Ingest report, check and cost (`atCheck` looks at it), confirm with the modal; lands on the campaign's report page.
 */
async function ingestCheckStart(
  page: Page,
  prefix: string,
  valid: number,
  atCheck?: () => Promise<void>,
): Promise<void> {
  await expect(page.getByText("recipients ready")).toBeVisible({ timeout: 30_000 });
  await expect(stat(page, "Valid")).toContainText(String(valid));
  const step = (title: string) => expect(page.locator(".ant-steps-item-process")).toContainText(title);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await shot(page, `${prefix}-ingest`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stat(page, "Estimated cost")).toContainText("₹");
  await expect(stat(page, "Will be sent")).toContainText(String(valid));
  await step("Check and cost");
  // Only WhatsApp has a messaging limit to skip recipients over.
  if (!prefix.startsWith("create-whatsapp")) await expect(page.getByText(/WhatsApp messaging limit/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await atCheck?.();
  await shot(page, `${prefix}-check`);
  await page.getByRole("button", { name: "Next" }).click();
  await step("Confirm");
  await shot(page, `${prefix}-confirm`);
  await page.getByRole("button", { name: "Start now" }).click();
  await expect(page.getByRole("dialog")).toContainText("held from your balance");
  await dialogSettled(page);
  await page.getByRole("button", { name: /Start and hold ₹/ }).click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/individual-reports\?campaignId=.+/);
}

test("steps, previews and field messages of the WhatsApp stepper (no server call needed past the template step)", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/whatsapp-campaign-creation");
  await expect(page.getByRole("heading", { name: "New WhatsApp Campaign" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(fieldError(page, "Give the campaign a name")).toBeVisible();
  await expect(fieldError(page, "Choose an account")).toBeVisible();
  await shot(page, "create-whatsapp-errors");

  await page.getByLabel("Campaign name").fill("Festive sale");
  await pick(page, "WhatsApp Business Account", /WABA|Acme/);
  // Only approved templates are selectable; a rejected one shows with its status.
  await expect(page.getByRole("radio", { name: "payment_due" })).toBeDisabled();
  await page.getByRole("radio", { name: "order_shipped" }).check();
  await expect(page.getByTestId("wa-bubble")).toContainText("your order");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(fieldError(page, "Choose the number to send from")).toBeVisible();
  await pick(page, "Sending number", /\+/);
  await shot(page, "create-template");
  await page.getByRole("button", { name: "Next" }).click();

  // Variables: {{1}} from a column, {{2}} fixed; the preview follows as they are typed.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(fieldError(page, "Enter the text for this variable")).toHaveCount(2);
  await page.getByLabel("Variable 1 kind").getByText("Column").click();
  await page.getByRole("combobox", { name: "Variable 1" }).fill("name");
  await page.getByRole("textbox", { name: "Variable 2" }).fill("#1042");
  await expect(page.getByTestId("wa-bubble")).toContainText("Hi ‹name›, your order #1042 has shipped");
  await shot(page, "create-variables");
  await page.getByRole("button", { name: "Next" }).click();

  // Audience: pasted numbers cannot feed a column; the live count; failover asks for its fields.
  await page.getByText("Paste numbers", { exact: true }).click();
  await page.getByRole("textbox", { name: "Numbers" }).fill("9000000001\n+91 90000 00002, 12345\n9000000001");
  await expect(page.getByTestId("paste-count")).toContainText("2 valid");
  await expect(page.getByTestId("paste-count")).toContainText("1 invalid");
  await expect(page.getByTestId("paste-count")).toContainText("1 duplicate");
  await page.getByLabel("SMS failover").click();
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(fieldError(page, /Pasted numbers have no columns/)).toBeVisible();
  await expect(fieldError(page, "Choose an SMS account")).toBeVisible();
  await pick(page, "Failover SMS account", "Acme Transactional");
  await pick(page, "Failover SMS template", "Login OTP");
  await expect(page.getByText("SMS variable 1")).toBeVisible();
  await page.getByText("Upload a file", { exact: true }).click();
  await page.locator("input[type=file]").setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name\n+919000000001,Asha\n"),
  });
  await expect(page.getByLabel("Columns found")).toContainText("name");
  await shot(page, "create-audience");
  // Back keeps what was entered.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("textbox", { name: "Variable 2" })).toHaveValue("#1042");
});

test("a manager creates a WhatsApp campaign from an uploaded CSV, sees the ingest report and the cost, starts it and lands on its report", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/whatsapp-campaign-creation");
  await templateStep(
    page,
    "Order updates",
    { label: "WhatsApp Business Account", option: /WABA|Acme/ },
    "order_shipped",
  );
  await pick(page, "Sending number", /\+/);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Variable 1 kind").getByText("Column").click();
  await page.getByRole("combobox", { name: "Variable 1" }).fill("name");
  await page.getByLabel("Variable 2 kind").getByText("Column").click();
  await page.getByRole("combobox", { name: "Variable 2" }).fill("order");
  await page.getByRole("button", { name: "Next" }).click();
  const csv = [
    "phone,name,order",
    "+919000000001,Asha,#1",
    "9000000002,Ravi,#2",
    "9000000003,Meera,#3",
    "12345,Bad,#4",
    "9000000001,Asha again,#5",
  ].join("\n");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "orders.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) });
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(stat(page, "Invalid")).toContainText("1", { timeout: 30_000 });
  await expect(stat(page, "Duplicates")).toContainText("1");
  await expect(page.getByRole("table").filter({ hasText: "Kind" })).toContainText("12345");
  // The excluded rows by reason, and the list of them (row, number, reason) as CSV.
  const excluded = page.locator(".ant-descriptions").filter({ hasText: "Excluded rows by reason" });
  await expect(excluded).toContainText("Not a valid phone number1");
  await expect(excluded).toContainText("Duplicate number1");
  await shot(page, "create-excluded-rows");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download excluded rows" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^excluded-rows-.+\.csv$/);
  const rows = await readFile(await file.path(), "utf8");
  expect(rows.split("\r\n")[0]).toBe("row,number,reason_code,reason");
  expect(rows).toContain("5,12345,invalid,");
  expect(rows).toContain("6,9000000001,duplicate,Duplicate of +919000000001");
  await ingestCheckStart(page, "create-whatsapp", 3);
});

test("a manager creates an SMS campaign from pasted numbers and starts it", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/sms-campaign-creation");
  await templateStep(page, "OTP check", { label: "SMS account", option: "Acme Transactional" }, "Login OTP");
  await expect(page.getByTestId("sms-preview-sender")).toHaveText("ACMEOT");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("textbox", { name: "Variable 1" }).fill("123456");
  await expect(page.getByTestId("sms-preview-body")).toContainText("123456 is your Acme Retail login OTP");
  // Tracked: the report counts clicks (an OTP has no web address, so none; campaign-links.test.ts sends some).
  await page.getByRole("checkbox", { name: "Track links" }).check();
  await expect(page.getByText(/short link domain must be whitelisted on the DLT platform/)).toBeVisible();
  await shot(page, "create-sms-variables-track-links");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Paste numbers", { exact: true }).click();
  await page.getByRole("textbox", { name: "Numbers" }).fill("9000000001, 9000000002");
  await expect(page.getByTestId("paste-count")).toContainText("2 valid");
  await shot(page, "create-sms-audience");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await ingestCheckStart(page, "create-sms", 2);
  const links = page.getByRole("region", { name: "Link clicks" }).or(page.getByLabel("Link clicks"));
  await expect(links.first()).toContainText("No clicks yet.");
  await links.first().scrollIntoViewIfNeeded();
  await shot(page, "create-sms-report-links");
});

test("a manager creates an RCS campaign from pasted numbers and starts it", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/rcs-campaign-creation");
  await templateStep(page, "New arrivals", { label: "RCS bot", option: "Acme Retail" }, "New arrivals (sample)");
  await expect(page.getByTestId("phone-preview")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Paste numbers", { exact: true }).click();
  await page.getByRole("textbox", { name: "Numbers" }).fill("+919000000001\n+919000000005\n+919000000006");
  await shot(page, "create-rcs-audience");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await ingestCheckStart(page, "create-rcs", 3);
});

test("an RCS campaign with SMS failover: the number that is not RCS-capable gets the SMS, and the report shows it failed over", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/rcs-campaign-creation");
  await templateStep(
    page,
    "New arrivals with SMS",
    { label: "RCS bot", option: "Acme Retail" },
    "New arrivals (sample)",
  );
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Paste numbers", { exact: true }).click();
  // +91 90000 00021 is not RCS-capable on the sandbox (404 at submit); +91 90000 00001 is delivered.
  await page.getByRole("textbox", { name: "Numbers" }).fill("+919000000001\n+919000000021");
  await page.getByLabel("SMS failover").click();
  // RCS's conditions, not WhatsApp's; "failed" and "not RCS-capable" come ticked.
  await expect(page.getByRole("checkbox", { name: /not RCS-capable/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "RCS send failed" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Not delivered within/ })).not.toBeChecked();
  await expect(page.getByText(/not on WhatsApp/)).toHaveCount(0);
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(fieldError(page, "Choose an SMS account")).toBeVisible();
  await expect(fieldError(page, "Choose an SMS template")).toBeVisible();
  await pick(page, "Failover SMS account", "Acme Transactional");
  await pick(page, "Failover SMS template", "Login OTP");
  await page.getByRole("textbox", { name: "SMS variable 1" }).fill("123456");
  await shot(page, "create-rcs-failover");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await ingestCheckStart(page, "create-rcs-failover", 2, async () => {
    // The cost split by channel: RCS's price and the SMS's, and a hold of RCS messages plus an SMS fallback reserve.
    await expect(page.getByRole("row").filter({ hasText: "Per message" })).toContainText(
      /₹\d+\.\d\d RCS · SMS fallback ₹\d+\.\d\d per SMS part/,
    );
    await expect(page.getByRole("row").filter({ hasText: "Held at start" })).toContainText(
      /₹\d+\.\d\d RCS \+ ₹\d+\.\d\d SMS fallback reserve \(\d+ SMS parts?, if every message fails over\) = ₹\d+\.\d\d/,
    );
    expect(await scan(page, "check with failover")).toEqual([]);
  });
  await expect(
    page.getByText("RCS send failed, Number is not RCS-capable (or the bot is not launched on its carrier)"),
  ).toBeVisible();
  // The not RCS-capable number's SMS is a line of its own under its RCS message: delivered, with its cost.
  const smsLine = page.getByRole("row").filter({ has: page.locator(".ant-tag", { hasText: "SMS failover" }) });
  await expect(smsLine).toHaveCount(1, { timeout: 30_000 });
  await expect(smsLine).toContainText("+919000000021");
  await expect(smsLine).toContainText("Delivered", { timeout: 30_000 });
  await expect(smsLine.getByRole("cell").last()).toHaveText(/^₹0\.(?!00)\d\d$/);
  await expect(page.getByTestId("campaign-spent-by-channel")).toHaveText(
    /^Spent ₹\d+\.\d\d RCS \+ ₹0\.(?!00)\d\d SMS failover$/,
  );
  expect(await scan(page, "report with a failover line")).toEqual([]);
  await shot(page, "create-rcs-failover-report");
  // The table's right half (times, cost), scrolled into view.
  await page
    .locator(".ant-table-content")
    .last()
    .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await page
    .locator(".ant-card")
    .filter({ hasText: "Responses" })
    .screenshot({ path: ".tmp/e2e-shots/create-rcs-failover-responses.png" });
});

test("a WhatsApp campaign with SMS failover: the SMS of the number not on WhatsApp is a message of its own, and the cost splits by channel", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns/whatsapp-campaign-creation");
  await templateStep(
    page,
    "Shipping with SMS",
    { label: "WhatsApp Business Account", option: /WABA|Acme/ },
    "order_shipped",
  );
  await pick(page, "Sending number", /\+/);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("textbox", { name: "Variable 1" }).fill("Asha");
  await page.getByRole("textbox", { name: "Variable 2" }).fill("#1042");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Paste numbers", { exact: true }).click();
  // +91 90000 00011 is not on WhatsApp on the sandbox (131026 at submit; its SMS is delivered); …01 is delivered.
  await page.getByRole("textbox", { name: "Numbers" }).fill("+919000000001\n+919000000011");
  await page.getByLabel("SMS failover").click();
  await pick(page, "Failover SMS account", "Acme Transactional");
  await pick(page, "Failover SMS template", "Login OTP");
  await page.getByRole("textbox", { name: "SMS variable 1" }).fill("123456");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await ingestCheckStart(page, "create-whatsapp-failover", 2, async () => {
    await expect(page.getByRole("row").filter({ hasText: "Held at start" })).toContainText(
      /^Held at start₹\d+\.\d\d WhatsApp utility \+ ₹\d+\.\d\d SMS fallback reserve \(\d+ SMS parts?, if every message fails over\) = ₹\d+\.\d\d$/,
    );
  });
  const smsLine = page.getByRole("row").filter({ has: page.locator(".ant-tag", { hasText: "SMS failover" }) });
  await expect(smsLine).toContainText("+919000000011", { timeout: 30_000 });
  await expect(smsLine).toContainText("Delivered", { timeout: 30_000 });
  // The WhatsApp message refused at submit costs nothing; what was spent is one delivered WhatsApp message and one SMS.
  await expect(
    page.getByRole("row").filter({ hasText: "+919000000011" }).filter({ hasText: "Failed" }).getByRole("cell").last(),
  ).toHaveText("₹0.00");
  await expect(page.getByTestId("campaign-spent-by-channel")).toHaveText(
    /^Spent ₹0\.(?!00)\d\d WhatsApp \+ ₹0\.(?!00)\d\d SMS failover$/,
  );
  await shot(page, "create-whatsapp-failover-report");
});

test("a WhatsApp template with an image header: the preview shows the header, a replacement image is uploaded and the campaign starts", async ({
  page,
}) => {
  // The template's review, its view and the whole stepper: longer than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  // A template with an IMAGE header, created as the template page does, approved by the sandbox's review.
  const name = `photo_offer_${Date.now()}`;
  await createImageTemplate(page.request, await apiToken(page, "manager"), {
    name,
    body: "Hi {{1}}, your order is ready for pickup.",
    sample: { name: "store.png", buffer: gradientPng(240, 120) },
  });

  await login(page, "manager", "manager");
  // The template's view shows the sample it was submitted with (240 px wide), served by waba.templates.headerMedia.
  await page.goto("/organization/manage-templates/whatsapp");
  await page.getByRole("button", { name: `Preview ${name}` }).click();
  await expect(page.locator(".ant-drawer")).toContainText("Hi Asha, your order is ready for pickup.");
  await headerImageLoaded(page, 240);
  await shot(page, "whatsapp-template-view-header");
  await page.getByRole("button", { name: "Close", exact: true }).click();

  await page.goto("/organization/campaigns/whatsapp-campaign-creation");
  await templateStep(page, "Pickup photo", { label: "WhatsApp Business Account", option: /WABA|Acme/ }, name);
  await pick(page, "Sending number", /\+/);
  await expect(page.getByText("Every message is sent with the template's own header image")).toBeVisible();
  await headerImageLoaded(page, 240);
  await shot(page, "create-whatsapp-header-sample");
  // A PDF is no image: refused here, nothing uploaded.
  const picker = page.locator("input[type=file][accept='image/jpeg,image/png']");
  await picker.setInputFiles({
    name: "terms.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  await expect(
    page.getByText("WhatsApp accepts image/jpeg, image/png here; this file is application/pdf"),
  ).toBeVisible();
  await picker.setInputFiles({ name: "pickup.png", mimeType: "image/png", buffer: gradientPng(480, 240) });
  await expect(page.getByText("as its header image")).toContainText("pickup.png");
  // The campaign's own image (480 px) replaces the template's sample in the preview.
  await headerImageLoaded(page, 480);
  await shot(page, "create-whatsapp-header-media");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("textbox", { name: "Variable 1" }).fill("Asha");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Paste numbers", { exact: true }).click();
  await page.getByRole("textbox", { name: "Numbers" }).fill("9000000004\n9000000005");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await ingestCheckStart(page, "create-whatsapp-media", 2);
});
