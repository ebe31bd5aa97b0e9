import type { Page } from "@playwright/test";
import { test } from "../fixtures";
import { login, shot } from "../support";
import {
  expect,
  JOURNEY_TIMEOUT_MS,
  ordinaryNumber,
  pick,
  runStamp,
  startFromCheck,
  stat,
  writeFromPhone,
} from "./journey-support";

// An audience that lives beyond one file, as a marketer works it against the real server and the sandbox carrier:
// customers imported from a CSV into contacts with a label, a segment of that label with its live count, a WhatsApp
// campaign to the segment whose first variable is each contact's name, one customer's STOP on the simulated phone,
// and that contact's consent showing the opt-out with its proof.
//
// Numbers, label and names are this run's own: the contacts and the consent ledger outlive the test on a kept
// database (PostgreSQL), where a shared number would be opted out for every later spec.

const AREA = "/organization";

test.setTimeout(JOURNEY_TIMEOUT_MS);

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Contacts → Import: the CSV uploaded, the suggested mapping kept, the import run to its summary. */
async function importContacts(page: Page, fileName: string, lines: string[]): Promise<void> {
  await page.goto(`${AREA}/campaigns/contacts`);
  await page.getByRole("button", { name: /^(upload )?Import$/ }).click();
  const drawer = page.locator(".ant-drawer").filter({ hasText: "Import contacts" });
  await drawer
    .locator('input[type="file"]')
    .setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  await expect(drawer.getByRole("combobox", { name: "Field for column Mobile" })).toBeVisible();
  await drawer.getByRole("button", { name: "Start import" }).click();
  await expect(drawer.getByText(`${fileName} imported: ${lines.length - 1} rows read`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(drawer.locator(".ant-descriptions")).toContainText(`Created${lines.length - 1}`);
  await shot(page, "journey-contacts-import");
  await drawer.getByRole("button", { name: "Done" }).click();
}

test("import → segment → WhatsApp campaign by name → STOP → the contact's consent shows the opt-out", async ({
  page,
}) => {
  const stamp = runStamp();
  const label = `journey${stamp}`;
  const segment = `Journey ${stamp}`;
  const stopper = ordinaryNumber("96");
  const other = ordinaryNumber("97");
  const stopperName = `Asha ${stamp}`;
  await login(page, "manager", "manager");

  await importContacts(page, `journey-${stamp}.csv`, [
    "Mobile,Name,Tags",
    `${stopper},${stopperName},${label}`,
    `${other},Ravi ${stamp},${label}`,
  ]);

  // A segment of the label: its live count is the two imported contacts.
  await page.getByRole("button", { name: "Segments" }).click();
  await page.getByRole("button", { name: "New segment" }).first().click();
  const builder = page.locator(".ant-drawer");
  await builder.getByLabel("Name").fill(segment);
  await pick(page, "Condition 1 label", label);
  await expect(builder.getByTestId("segment-live-count")).toHaveText("2");
  await builder.getByRole("button", { name: "Save segment" }).click();
  await expect(page.getByText(`Segment ${segment} saved`)).toBeVisible();
  await shot(page, "journey-contacts-segment");

  // The WhatsApp campaign to the segment, its first variable each contact's name.
  await page.goto(`${AREA}/campaigns/whatsapp-campaign-creation`);
  await page.getByLabel("Campaign name").fill(`Journey segment ${stamp}`);
  await pick(page, "WhatsApp Business Account", /WABA|Acme/);
  await page.getByRole("radio", { name: "order_shipped" }).check();
  await pick(page, "Sending number", /\+/);
  const sendingNumber =
    (await page
      .locator(".ant-form-item")
      .filter({ has: page.getByRole("combobox", { name: "Sending number", exact: true }) })
      .locator(".ant-select-selection-item")
      .textContent()) ?? "";
  const from = /\+[\d ]*\d/.exec(sendingNumber)?.[0] ?? "";
  expect(from, `the sending number in "${sendingNumber}"`).not.toBe("");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Variable 1 kind").getByText("Contact").click();
  await pick(page, "Variable 1", "Name (name)");
  await page.getByRole("textbox", { name: "Variable 1 fallback" }).fill("there");
  await page.getByRole("textbox", { name: "Variable 2" }).fill("#1042");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Segment", { exact: true }).click();
  await pick(page, "Segment", segment);
  await expect(page.getByTestId("segment-count")).toHaveText("2 contacts in this segment now");
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(page.getByText("recipients ready")).toBeVisible({ timeout: 30_000 });
  await expect(stat(page, "Valid")).toContainText("2");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator(".ant-steps-item-process")).toContainText("Check and cost");
  const campaignId = await startFromCheck(page);
  await expect(page.getByText(/^100% · 2 of 2 recipients done/)).toBeVisible({ timeout: 30_000 });
  await shot(page, "journey-contacts-campaign");

  // Each customer got their own name (the message log shows the body as sent).
  await page.goto(`${AREA}/campaigns/message-log?campaignId=${campaignId}`);
  const rows = page.locator(".ant-table-tbody .ant-table-row");
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  const row = rows.filter({ hasText: stopper });
  await row.getByRole("button", { name: /expand row/i }).click();
  await expect(
    page.locator(".ant-table-expanded-row").filter({ hasText: `Hi ${stopperName}, your order #1042` }),
  ).toHaveCount(1);

  // The customer answers STOP to the number the campaign came from.
  await writeFromPhone(page, AREA, { to: new RegExp(escaped(from)), from: stopper, text: "STOP" });

  // The contact's consent: opted out of every channel by the keyword, with the reply as proof.
  await page.goto(`${AREA}/campaigns/contacts`);
  const search = page.getByLabel("Search contacts");
  await search.fill(stamp);
  await search.press("Enter");
  await expect(page.locator(".ant-table-row")).toHaveCount(2);
  const consent = page
    .locator(".ant-drawer")
    .locator("section", { has: page.getByRole("heading", { name: "Consent" }) });
  // The reply is written within a second or two of the phone sending it: the drawer reads the ledger when it opens.
  await expect(async () => {
    if (await page.locator(".ant-drawer-open").count()) await page.keyboard.press("Escape");
    await page.getByRole("button", { name: `Edit ${stopperName}` }).click();
    await expect(consent.getByText("Opted out: All channels, all messages")).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(consent.getByText('Replied "STOP"')).toBeVisible();
  await expect(consent.getByText("Marketing: Opted out")).toHaveCount(3);
  await consent.scrollIntoViewIfNeeded();
  await shot(page, "journey-contacts-consent");
});
