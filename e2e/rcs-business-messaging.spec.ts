import { expect, test } from "./fixtures";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../server/carriers/rcs/stand-in";
import { RBM_STAND_IN_PORT } from "./ports";
import { login, shot } from "./support";

// The demo user connects Google RCS Business Messaging for her bot "Acme Alerts": Google is the RBM stand-in on
// RBM_STAND_IN_PORT, which the e2e server's RBM_API_URL and RBM_TOKEN_URL name (e2e/start-server.mjs). The spec ends
// by disconnecting, so the bot is back on the sandbox for every other spec. No other spec connects an RBM agent.
const AGENT = "acme-alerts-agent";
const CLIENT_TOKEN = "E2ECLIENTTOKEN42";
const key = makeServiceAccountKey("rbm-e2e@acme-rbm.iam.gserviceaccount.com");
let google: RbmStandIn;

test.beforeAll(async () => {
  google = await startRbmStandIn({ key, agentId: AGENT, clientToken: CLIENT_TOKEN, port: RBM_STAND_IN_PORT });
});
test.afterAll(async () => google?.close());

test("connects an RBM agent for a bot after Google accepts the key, shows the webhook and health, edits it, then disconnects with confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, "user", "user");
  await page.goto("/user/channels/rcs");
  await expect(page.getByText("No Google agent connected")).toBeVisible({ timeout: 20_000 });
  await shot(page, "rbm-empty");

  await page.getByRole("button", { name: "Connect an RBM agent" }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByText("Connect Google RCS Business Messaging")).toBeVisible();
  await drawer.getByLabel("Channel name").fill("Acme Alerts on Google");
  await drawer.getByLabel("Agent id").fill(AGENT);
  // A key Google does not know (another key pair, same account name): refused, nothing saved, the form keeps its
  // values.
  await drawer.getByLabel("Service-account key (JSON)").fill(makeServiceAccountKey(key.clientEmail).json);
  await drawer.getByLabel("Webhook client token").fill(CLIENT_TOKEN);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(
    page.getByText(/Google refused the service account \(invalid_grant: Invalid JWT Signature\.\)/).first(),
  ).toBeVisible();
  await expect(drawer.getByLabel("Channel name")).toHaveValue("Acme Alerts on Google");
  await shot(page, "rbm-refused");

  await drawer.getByLabel("Service-account key (JSON)").fill(key.json);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("Acme Alerts on Google is connected")).toBeVisible();
  const webhookUrl = (await drawer.locator(".ant-descriptions-item-content code").first().textContent()) ?? "";
  expect(webhookUrl).toMatch(/\/api\/carrier-webhooks\/[0-9a-f-]{36}$/);
  await drawer.getByRole("button", { name: "Test connection" }).click();
  await expect(drawer.getByText(`Connected: ${AGENT}`)).toBeVisible();
  await shot(page, "rbm-connected");
  await drawer.getByRole("button", { name: "Done" }).click();
  await expect(drawer).toBeHidden();

  // What the owner does at Google: paste the URL; Google's check with the client token passes.
  google.webhookUrl = webhookUrl;
  expect(await google.handshake(CLIENT_TOKEN, "98765")).toEqual({ status: 200, body: "98765" });

  const card = page.locator(".ant-card").filter({ hasText: "Acme Alerts on Google" }).first();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card).toContainText(AGENT);
  await expect(card).toContainText("Acme Alerts");
  await expect(card).toContainText(key.clientEmail);
  await expect(card).toContainText("Stored, ends in EN42");
  await expect(card.locator("text=Last success").locator("xpath=..")).not.toContainText("Not yet");
  await expect(page.locator("body")).not.toContainText("PRIVATE KEY");
  await expect(page.locator("body")).not.toContainText(CLIENT_TOKEN);
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByText("Connection works")).toBeVisible();
  await shot(page, "rbm-channel");

  // Editing: the saved settings filled in, the secrets empty with their hint; checked with Google before saving.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator(".ant-drawer").filter({ hasText: "Edit Acme Alerts on Google" });
  await expect(edit.getByLabel("Channel name")).toHaveValue("Acme Alerts on Google");
  await expect(edit.getByLabel("Agent id")).toHaveValue(AGENT);
  await expect(edit.getByLabel("Service-account key (JSON)")).toHaveValue("");
  await expect(edit.getByLabel("Webhook client token")).toHaveValue("");
  await expect(edit.getByText("Leave empty to keep the saved value").first()).toBeVisible();
  await expect(edit).toContainText("Acme Alerts");
  await edit.getByLabel("Service-account key (JSON)").fill(makeServiceAccountKey(key.clientEmail).json);
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText(/Google refused the service account \(invalid_grant/).first()).toBeVisible();
  await shot(page, "rbm-edit-refused");
  await edit.getByLabel("Service-account key (JSON)").fill("");
  await edit.getByLabel("Channel name").fill("Acme Alerts agent");
  await edit.getByLabel("Webhook client token").fill("E2ENEWTOKEN0099");
  await shot(page, "rbm-edit");
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Saved Acme Alerts agent")).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = page.locator(".ant-card").filter({ hasText: "Acme Alerts agent" }).first();
  await expect(edited).toContainText("Stored, ends in 0099");
  await expect(edited).toContainText(key.clientEmail);
  expect(await google.handshake("E2ENEWTOKEN0099", "4242")).toEqual({ status: 200, body: "4242" });
  await expect(page.locator("body")).not.toContainText("E2ENEWTOKEN0099");
  await shot(page, "rbm-edited");

  await edited.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Disconnect Acme Alerts agent?")).toBeVisible();
  await shot(page, "rbm-confirm");
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No Google agent connected")).toBeVisible();
});
