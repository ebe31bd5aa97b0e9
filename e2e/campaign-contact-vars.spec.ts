import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, dialogSettled, login, pick, shot } from "./support";

// Campaign variables from contact fields (issue 39, item 5): the wizard offers the contact fields, previews with the
// first contact, and the campaign sends each recipient its own name (the fallback to a number without a contact);
// and the account's "Require WhatsApp opt-in" switch on the Contacts screen.

test.describe.configure({ timeout: 120_000 });

/** A sandbox number that is always delivered (contract/domain/sandbox-numbers.ts), and the contact it belongs to. */
const CONTACT = { number: "+919000000007", name: "Kavya Rao" };
const NO_CONTACT = "+919000000008";

async function ensureContact(page: Page, token: string): Promise<void> {
  const res = await page.request.post("/api/v1/contacts", {
    headers: { authorization: `Bearer ${token}` },
    data: { number: CONTACT.number, name: CONTACT.name },
  });
  // 409: an earlier run on this database added it already.
  expect([201, 409], await res.text()).toContain(res.status());
}

const stat = (page: Page, title: string) =>
  page
    .locator(".ant-statistic")
    .filter({ has: page.locator(".ant-statistic-title").getByText(title, { exact: true }) });

async function variablesStep(page: Page, name: string): Promise<void> {
  await page.goto("/organization/campaigns/sms-campaign-creation");
  await page.getByLabel("Campaign name").fill(name);
  await pick(page, "SMS account", "Acme Transactional");
  await page.getByRole("radio", { name: "Login OTP" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Variable 1 kind").getByText("Contact").click();
  await pick(page, "Variable 1", "Name (name)");
  await page.getByRole("textbox", { name: "Variable 1 fallback" }).fill("Customer");
}

test("a campaign with {{contact.name|Customer}} sends each recipient its contact's name, the fallback to others", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  await ensureContact(page, token);

  await variablesStep(page, "Contact names");
  // The preview fills the field with the first contact's value (not the field's name); DLT's limit is named.
  await expect(page.getByText(/With the values of .+, your first contact\./)).toBeVisible();
  await expect(page.getByTestId("sms-preview-body")).not.toContainText("‹name›");
  await expect(page.getByTestId("sms-preview-body")).toContainText("is your Acme Retail login OTP");
  await expect(page.getByText("DLT routes allow at most 30 characters per variable")).toBeVisible();
  await shot(page, "contact-vars-variables");
  await page.getByRole("button", { name: "Next" }).click();

  // Pasted numbers may use contact fields (they have no columns, but they have contacts).
  await page.getByText("Paste numbers", { exact: true }).click();
  await page.getByRole("textbox", { name: "Numbers" }).fill(`${CONTACT.number}\n${NO_CONTACT}`);
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(page.getByText("recipients ready")).toBeVisible({ timeout: 30_000 });
  await expect(stat(page, "Valid")).toContainText("2");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(stat(page, "Will be sent")).toContainText("2");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start now" }).click();
  await dialogSettled(page);
  await page.getByRole("button", { name: /Start and hold ₹/ }).click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/individual-reports\?campaignId=.+/);
  const id = new URL(page.url()).searchParams.get("campaignId");

  // The message log shows each body as sent.
  await page.goto(`/organization/campaigns/message-log?campaignId=${id}`);
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  for (const [number, name] of [
    [CONTACT.number, CONTACT.name],
    [NO_CONTACT, "Customer"],
  ]) {
    const row = rows.filter({ hasText: number });
    await row.getByRole("button", { name: /expand row/i }).click();
    await expect(
      page.locator(".ant-table-expanded-row").filter({ hasText: `${name} is your Acme Retail` }),
    ).toHaveCount(1);
  }
  await shot(page, "contact-vars-message-log");
});

test("Save this audience to contacts: the file's new numbers become contacts, counted on the ingest step", async ({
  page,
}) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  await ensureContact(page, token);
  // A number of this run's own (sandbox range 9000000xxx is not needed: the campaign is never started).
  const fresh = `98${String(Date.now()).slice(-8)}`;
  await variablesStep(page, "Audience saver");
  await page.getByRole("button", { name: "Next" }).click();
  const csv = ["phone,name", `${fresh},Nisha Verma`, `${CONTACT.number},Someone Else`, "12345,Bad"].join("\n");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "savers.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) });
  const save = page.getByRole("checkbox", { name: "Save this audience to contacts" });
  await expect(save).not.toBeChecked();
  await save.check();
  await shot(page, "contact-vars-save-to-contacts");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(stat(page, "Valid")).toContainText("2", { timeout: 30_000 });
  // The contact that exists keeps its name; the new number is created with the file's.
  await expect(page.getByLabel("Saved to contacts")).toHaveText(
    "Saved to contacts: 1 created, 0 updated, 1 left as they were",
  );
  await shot(page, "contact-vars-saved-counts");
  const found = await page.request.get(`/api/v1/contacts?q=${fresh}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(found.status(), await found.text()).toBe(200);
  expect((await found.json()).data).toEqual([
    expect.objectContaining({ number: `+91${fresh}`, name: "Nisha Verma", source: "campaign_file" }),
  ]);
});

for (const theme of ["light", "dark"] as const) {
  test(`the contact variables step and the consent switch pass axe (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "manager", "manager");
    await variablesStep(page, `Axe ${theme}`);
    await expect(page.getByText("DLT routes allow at most 30 characters per variable")).toBeVisible();
    await shot(page, `contact-vars-variables-${theme}`);
    expect(await scan(page, `${theme} contact variables`)).toEqual([]);

    await page.goto("/organization/campaigns/contacts");
    await expect(page.getByText("Require WhatsApp opt-in for business-initiated messages")).toBeVisible();
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    await shot(page, `contacts-consent-setting-${theme}`);
    expect(await scan(page, `${theme} contacts consent setting`)).toEqual([]);
  });
}

test("the Require WhatsApp opt-in switch turns the account's setting on (after asking) and off", async ({ page }) => {
  // Another manager than the one the campaign specs use, so its WhatsApp campaigns are never held to the setting.
  await login(page, "globex", "manager");
  const token = await apiToken(page, "globex");
  const setting = async () =>
    (
      await (
        await page.request.get("/api/v1/consent-settings", { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data.requireWhatsappOptIn as boolean;
  await page.goto("/organization/campaigns/contacts");
  const toggle = page.getByRole("switch", { name: "Require WhatsApp opt-in for business-initiated messages" });
  await expect(toggle).toBeVisible();
  if (await setting()) {
    await toggle.click();
    await expect.poll(setting).toBe(false);
  }
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const dialog = page.getByRole("dialog", { name: "Require a WhatsApp opt-in?" });
  await expect(dialog).toContainText("skip every number without a recorded opt-in");
  await dialogSettled(page);
  await dialog.getByRole("button", { name: "Require opt-in" }).click();
  await expect(page.getByText("WhatsApp opt-in is now required")).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await setting()).toBe(true);
  await shot(page, "contacts-consent-setting-on");
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  expect(await setting()).toBe(false);
});
