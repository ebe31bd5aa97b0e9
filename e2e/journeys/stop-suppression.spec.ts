import { test } from "../fixtures";
import { login, shot } from "../support";
import {
  expect,
  JOURNEY_TIMEOUT_MS,
  ordinaryNumber,
  responsesCard,
  runStamp,
  startFromCheck,
  stat,
  stepperToCheck,
  writeFromPhone,
  type StepperCampaign,
} from "./journey-support";

// Opting out, as the business and its customer see it, against the real server and the sandbox carrier: the demo
// manager's WhatsApp campaign reaches a customer, who answers STOP on the simulated phone; the number is on the
// suppression list with the reason; the next campaign's pre-send check leaves it out, says why, and the started
// campaign skips it while its other recipient is sent.
//
// Both customers are numbers of this run: the suppression list outlives the test on a kept database (PostgreSQL), and a
// shared number there would be skipped by every later campaign of other specs.

const AREA = "/organization";

test.setTimeout(JOURNEY_TIMEOUT_MS);

/** The stepper's WhatsApp campaign of the demo manager: its WABA, the approved order_shipped template. */
const whatsappCampaign = (name: string, numbers: string[]): StepperCampaign => ({
  path: "campaigns/whatsapp-campaign-creation",
  name,
  account: { label: "WhatsApp Business Account", option: /WABA|Acme/ },
  template: "order_shipped",
  sendingNumber: /\+/,
  variables: ["Asha", "#1042"],
  numbers,
});

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a customer's STOP puts the number on the suppression list, and the next campaign's check and start leave it out", async ({
  page,
}) => {
  const stamp = runStamp();
  const stopper = ordinaryNumber("96");
  const other = ordinaryNumber("97");
  await login(page, "manager", "manager");

  // The first campaign reaches the customer.
  const { sendingNumber } = await stepperToCheck(page, AREA, whatsappCampaign(`Journey offer ${stamp}`, [stopper]));
  const from = /\+[\d ]*\d/.exec(sendingNumber)?.[0] ?? "";
  expect(from, `the sending number in "${sendingNumber}"`).not.toBe("");
  await startFromCheck(page);
  await expect(page.getByText(/^100% · 1 of 1 recipients done/)).toBeVisible({ timeout: 30_000 });

  // The customer answers STOP to the number the campaign came from.
  await writeFromPhone(page, AREA, { to: new RegExp(escaped(from)), from: stopper, text: "STOP" });
  await shot(page, "journey-stop-phone");

  // The suppression list has the number, with the reply as its reason.
  await page.goto(`${AREA}/campaigns/suppression-list`);
  await expect(page.getByRole("heading", { name: "Suppression List" })).toBeVisible();
  const row = page.locator(".ant-table-row").filter({ hasText: stopper });
  await expect(async () => {
    await page.getByLabel("Search numbers").fill(stopper.slice(-10));
    await page.getByLabel("Search numbers").press("Enter");
    await expect(row).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('Replied "STOP"');
  await expect(page.getByText("1 number", { exact: true })).toBeVisible();
  await shot(page, "journey-stop-suppressions");

  // The inbox knows too: the customer's details say they opted out, and why.
  await page.goto(`${AREA}/chats`);
  await page.getByLabel("Search conversations").fill(stopper);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: stopper }).first().click();
  const details = page.getByRole("button", { name: "Customer details" });
  if ((await details.getAttribute("aria-pressed")) !== "true") await details.click();
  // The details' header and the customer card's consent both say so.
  await expect(page.locator(".ant-tag").filter({ hasText: /^Opted out$/ })).toHaveCount(2);
  await expect(page.locator(".ant-descriptions-item").filter({ hasText: "Opt-out" })).toContainText('Replied "STOP"');
  await shot(page, "journey-stop-inbox");

  // The next campaign, to the customer and one more: the check sends one and skips the suppressed number.
  const next = whatsappCampaign(`Journey follow-up ${stamp}`, [stopper, other]);
  await stepperToCheck(page, AREA, next);
  await expect(stat(page, "Will be sent")).toContainText("1");
  await expect(stat(page, "Skipped")).toContainText("1");
  await expect(
    page.locator(".ant-descriptions-row").filter({ hasText: "Skipped: On the suppression list" }),
  ).toContainText("1");
  // By number, with the reason the customer gave.
  // (The stepper is a card too: the innermost card with that title.)
  const whoIsSkipped = page
    .locator(".ant-card")
    .filter({ has: page.locator(".ant-card-head-title").getByText("Who is skipped", { exact: true }) })
    .last();
  await expect(whoIsSkipped.locator(".ant-list-item")).toHaveCount(1);
  await expect(whoIsSkipped.locator(".ant-list-item").filter({ hasText: stopper })).toContainText(
    'On the suppression list · Replied "STOP"',
  );
  await expect(whoIsSkipped).not.toContainText(other);
  await shot(page, "journey-stop-check");

  // Started, it sends to the other recipient only; the suppressed one stays skipped with its reason.
  await startFromCheck(page);
  await expect(page.getByText(/^100% · /)).toBeVisible({ timeout: 30_000 });
  const responses = responsesCard(page);
  const skipped = responses.locator(".ant-table-row").filter({ hasText: stopper });
  await expect(skipped.locator(".ant-tag").filter({ hasText: /^Skipped$/ })).toBeVisible();
  await expect(skipped).toContainText("On the suppression list");
  const sent = responses.locator(".ant-table-row").filter({ hasText: other });
  await expect(
    sent.locator(".ant-tag").filter({ hasText: /^(Sent|Delivered|Read|Replied|Failed|Unknown)$/ }),
  ).toBeVisible();
  await shot(page, "journey-stop-report");
});
