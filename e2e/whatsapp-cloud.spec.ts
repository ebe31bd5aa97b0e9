import { expect, test } from "./fixtures";
import {
  DEFAULT_APP,
  DEFAULT_TOKEN,
  DOC_PHONE_NUMBER_ID,
  DOC_WABA_ID,
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from "../server/carriers/whatsapp-cloud/stand-in";
import { STAND_IN_PORT } from "./ports";
import { login, shot } from "./support";

// Priya (a user of the demo manager) connects a real WhatsApp number, here Meta's stand-in on STAND_IN_PORT, which the
// e2e server's WHATSAPP_GRAPH_URL names (e2e/start-server.mjs). No other spec connects a Cloud API number for her.
let standIn: WhatsAppStandIn;

test.beforeAll(async () => {
  standIn = await startWhatsAppStandIn({
    port: STAND_IN_PORT,
    behaviour: { delays: { sentMs: 50, deliveredMs: 100, readMs: 100 } },
  });
});
test.afterAll(async () => standIn?.close());

test.describe.configure({ mode: "serial" });

test("connects a number with manual credentials, checked at Meta, then points Meta's webhook at it", async ({
  page,
}) => {
  // Three real calls to the stand-in, a refusal and a drawer round trip: more than 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await login(page, "priya", "user");
  await page.goto("/user/channels/whatsapp");
  await expect(page.getByText("No WhatsApp Business Account connected")).toBeVisible({ timeout: 20_000 }); // a first load on a busy machine
  await shot(page, "wacloud-empty");

  await page.getByRole("button", { name: "Connect WhatsApp Cloud API" }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByText("Connect WhatsApp Cloud API")).toBeVisible();
  await expect(drawer.getByLabel("System-user access token")).toBeVisible();
  // Nothing typed: the schema's own rules answer before any call.
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("WhatsApp Business Account ID is required")).toBeVisible();
  await shot(page, "wacloud-form-empty");

  await drawer.getByLabel("Channel name").fill("Priya Support");
  await drawer.getByLabel("WhatsApp Business Account ID").fill(DOC_WABA_ID);
  await drawer.getByLabel("Phone number ID").fill(DOC_PHONE_NUMBER_ID);
  await drawer.getByLabel("System-user access token").fill("EAAJB-a-token-meta-does-not-know-1234");
  await drawer.getByLabel("App secret").fill(DEFAULT_APP.secret);
  await drawer.getByLabel("App ID").fill(DEFAULT_APP.id);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  // Meta refuses the token: said plainly, nothing saved, what was typed stays.
  await expect(page.getByText(/Meta refused the access token \(190/).first()).toBeVisible();
  await expect(drawer.getByLabel("Channel name")).toHaveValue("Priya Support");
  await shot(page, "wacloud-refused");

  await drawer.getByLabel("System-user access token").fill(DEFAULT_TOKEN);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("Priya Support is connected")).toBeVisible();
  const url = (await drawer.locator(".ant-descriptions-item-content").nth(0).innerText()).trim();
  const verifyToken = (await drawer.locator(".ant-descriptions-item-content").nth(1).innerText()).trim();
  expect(url).toMatch(/\/api\/carrier-webhooks\/[0-9a-f-]{36}$/);
  await shot(page, "wacloud-connected-webhook");

  // What the owner does at Meta: paste the URL and token; Meta verifies them with a GET handshake.
  expect(await standIn.configureWebhook(url.replace("localhost", "127.0.0.1"), verifyToken)).toBe(true);
  await drawer.getByRole("button", { name: "Test connection" }).click();
  await expect(drawer.getByText(/^Connected: Jaspers Market WABA/)).toBeVisible();
  await drawer.getByRole("button", { name: "Done" }).click();

  const card = page.locator(".ant-card").filter({ hasText: "Priya Support" }).first();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card).toContainText(`Stored, ends in ${DEFAULT_TOKEN.slice(-4)}`);
  // The secrets never come back to the console.
  await expect(page.locator("body")).not.toContainText(DEFAULT_TOKEN);
  await expect(page.locator("body")).not.toContainText(DEFAULT_APP.secret);
  const waba = page
    .locator(".ant-card")
    .filter({ hasText: "WABA ID" })
    .filter({ hasText: "WhatsApp Cloud API" })
    .last();
  await expect(waba).toContainText("Jaspers Market");
  await shot(page, "wacloud-channel");
});

test("a customer's message arrives through the signed webhook; a refused token disconnects the channel until it is replaced", async ({
  page,
}) => {
  await login(page, "priya", "user");
  await standIn.customerWrites({
    from: "+919876543201",
    phoneNumberId: DOC_PHONE_NUMBER_ID,
    text: "Is the store open on Sunday?",
  });
  await page.goto("/user/chats");
  await expect(page.getByText("Is the store open on Sunday?").first()).toBeVisible();

  await page.goto("/user/channels/whatsapp");
  const card = page.locator(".ant-card").filter({ hasText: "Priya Support" }).first();
  standIn.revokeToken(DEFAULT_TOKEN);
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByText("Disconnected", { exact: true })).toBeVisible();
  await expect(card.getByText(/Meta refused the access token \(190/).first()).toBeVisible();
  await shot(page, "wacloud-disconnected");

  // A new token at Meta, entered in the console: checked, saved, connected again.
  standIn.state.tokens.set("EAAJB-a-fresh-system-user-token-5678", new Set([DOC_WABA_ID]));
  await card.getByRole("button", { name: "Enter a new token" }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByText(`ends in ${DEFAULT_TOKEN.slice(-4)}`)).toBeVisible();
  await drawer.getByLabel("New system-user access token").fill("EAAJB-a-fresh-system-user-token-5678");
  await shot(page, "wacloud-edit");
  await drawer.getByRole("button", { name: "Check and save" }).click();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card).toContainText("Stored, ends in 5678");
});
