import type { Page } from "@playwright/test";
import type { WebhookEnvelope } from "../../contract/domain/webhooks";
import { test } from "../fixtures";
import { apiToken, login, shot } from "../support";
import {
  expect,
  JOURNEY_TIMEOUT_MS,
  responsesCard,
  runStamp,
  startFromCheck,
  startReceiver,
  stepperToCheck,
  verifyWebhook,
  writeFromPhone,
  type Receiver,
} from "./journey-support";

// A campaign meets its replies, as a person and an integrator see it, against the real server and the sandbox carrier.
// The demo user (the account with the API module, so with webhooks) sends an RCS campaign from its bot; the customer
// answers it from the simulated phone; the answer is a conversation in the inbox (under the name the audience file gave
// the customer, with the campaign message above the answer) and a response in the campaign's
// report; a workflow triggered by replies to that campaign answers the customer; and the integrator's endpoint on
// this machine receives the answer as a signed `message.inbound` delivery.
//
// The customer is a sandbox number that is always delivered and never answers by itself (contract/domain/
// sandbox-numbers.ts), so the only reply is the one typed here. A kept database (PostgreSQL) may hold earlier runs'
// messages in this customer's conversation: everything is found by this run's own names and texts.

const AREA = "/user";
const CUSTOMER = "+919000000009";
const CUSTOMER_NAME = "Meera Iyer";

test.setTimeout(JOURNEY_TIMEOUT_MS);

/**
 * What the test made in the account that outlives it: removed afterwards, so the account's 10 endpoints never fill up.
 */
const made: { endpointUrls: string[]; workflowIds: string[] } = { endpointUrls: [], workflowIds: [] };
let receiver: Receiver | undefined;

test.afterEach(async ({ page }) => {
  const token = await apiToken(page, "user");
  const auth = { authorization: `Bearer ${token}` };
  const endpoints = (await (
    await page.request.get("/api/v1/webhooks", { headers: auth, params: { page: 1, limit: 50 } })
  ).json()) as { data: { id: string; url: string }[] };
  for (const e of endpoints.data.filter((x) => made.endpointUrls.includes(x.url)))
    await page.request.delete(`/api/v1/webhooks/${e.id}`, { headers: auth });
  for (const id of made.workflowIds) await page.request.delete(`/api/flow/v1/workflows/${id}`, { headers: auth });
  await receiver?.close();
});

/** Webhooks: an endpoint for inbound messages only; answers the signing secret shown once. */
async function addInboundEndpoint(page: Page, url: string): Promise<string> {
  await page.goto(`${AREA}/api-management/webhooks`);
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Endpoint URL").fill(url);
  await dialog.getByLabel("Description").fill("Orders service (journey)");
  for (const other of ["Delivery receipts (message.status)", "Campaign state (campaign.status)"])
    await dialog.getByRole("checkbox", { name: other }).uncheck();
  await expect(dialog.getByRole("checkbox", { name: "Inbound messages (message.inbound)" })).toBeChecked();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  made.endpointUrls.push(url);
  const secret = (await page.getByTestId("webhook-secret").innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.locator(".ant-table-row", { hasText: url })).toBeVisible();
  return secret;
}

/** Workflow Automation: replies to this campaign get a text back; published as version 1. */
async function replyWorkflow(page: Page, name: string, campaignId: string, answer: string): Promise<void> {
  await page.goto(`${AREA}/workflows`);
  await page.getByRole("button", { name: "New workflow" }).click();
  await page.getByLabel("Workflow name").fill(name);
  await page.getByRole("button", { name: "Create and open" }).click();
  await expect(page).toHaveURL(/\/workflows\/editor\?id=/);
  made.workflowIds.push(new URL(page.url()).searchParams.get("id") ?? "");
  const panel = page.getByRole("complementary", { name: "Step settings" });
  const add = async (label: string) => {
    const item = page.getByRole("button", { name: `Add ${label}`, exact: true });
    await item.focus();
    await item.press("Enter");
  };
  await add("Campaign reply");
  await panel.getByLabel("Campaign id").fill(campaignId);
  await add("Send text");
  await panel.getByLabel("Message").fill(answer);
  await page.getByRole("button", { name: "Auto-layout" }).click();
  const edge = page.locator('[aria-roledescription="edge"][aria-label="Edge from start to send_text"]');
  // A drag can miss its handle while the canvas settles: drag again until the edge is there.
  await expect(async () => {
    if ((await edge.count()) === 0)
      await page
        .getByTestId("step-start")
        .locator(".react-flow__handle.source")
        .dragTo(page.getByTestId("step-send_text").locator(".react-flow__handle.target"));
    await expect(edge).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page
    .getByTestId("workflow-canvas")
    .locator(".react-flow__pane")
    .click({ position: { x: 20, y: 20 } });
  await expect(page.getByText("No problems: ready to publish.")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published version 1")).toBeVisible();
}

test("an RCS campaign's reply reaches the inbox and the responses, runs the reply workflow and is posted, signed, to the integrator's webhook", async ({
  page,
}) => {
  const stamp = runStamp();
  const campaignName = `Journey replies ${stamp}`;
  const reply = `Can it come after 6 pm? (${stamp})`;
  const answer = `Thanks! A courier will call you about your slot (${stamp}).`;
  receiver = await startReceiver();
  await login(page, "user", "user");

  // The integrator subscribes to inbound messages.
  const secret = await addInboundEndpoint(page, receiver.url);

  // The campaign: the user's RCS bot, its library template, one customer; started from the stepper.
  await stepperToCheck(page, AREA, {
    path: "campaigns/rcs-campaign-creation",
    name: campaignName,
    account: { label: "RCS bot", option: "Acme Alerts" },
    template: "Out for delivery",
    numbers: [CUSTOMER],
    names: [CUSTOMER_NAME],
  });
  const campaignId = await startFromCheck(page);
  await expect(page.getByText(/^100% · 1 of 1 recipients done/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".ant-tag").filter({ hasText: /^Completed$/ })).toBeVisible({ timeout: 30_000 });

  // Replies to this campaign answer themselves.
  await replyWorkflow(page, `Reply triage ${stamp}`, campaignId, answer);

  // The customer answers on the phone (to the bot the campaign came from), and the workflow's text comes back there.
  await writeFromPhone(page, AREA, { to: /Acme Alerts/, from: CUSTOMER, text: reply });
  const thread = page.getByRole("log", { name: "Thread" });
  await expect(thread.locator('[data-direction="out"]').filter({ hasText: answer })).toBeVisible({ timeout: 30_000 });
  await shot(page, "journey-reply-phone");

  // The inbox: the customer's conversation with the reply and the workflow's answer, linked to the campaign.
  await page.goto(`${AREA}/chats`);
  await page.getByLabel("Search conversations").fill(CUSTOMER);
  await page.getByLabel("Search conversations").press("Enter");
  const conversation = page.getByRole("option").filter({ hasText: CUSTOMER }).first();
  await expect(conversation).toContainText(CUSTOMER_NAME);
  await conversation.click();
  const replied = page.locator("[data-message]").filter({ hasText: reply });
  await expect(replied).toBeVisible();
  await expect(page.locator("[data-message]").filter({ hasText: answer })).toBeVisible();
  // The campaign message they answered, as sent, above their reply.
  const campaignMessage = page.locator("[data-message]").filter({ hasText: `Campaign · ${campaignName}` });
  await expect(campaignMessage).toBeVisible();
  const [above, below] = [await campaignMessage.boundingBox(), await replied.boundingBox()];
  expect(above && below && above.y < below.y, "the campaign message shows above the reply").toBe(true);
  await shot(page, "journey-reply-inbox");
  // The customer's details name the campaign they answered.
  const details = page.getByRole("button", { name: "Customer details" });
  if ((await details.getAttribute("aria-pressed")) !== "true") await details.click();
  await expect(page.getByText(campaignName).first()).toBeVisible();
  await shot(page, "journey-reply-inbox-details");

  // The campaign's responses: the customer replied, with the reply's text.
  await page.goto(`${AREA}/campaigns/individual-reports?campaignId=${campaignId}`);
  const responses = responsesCard(page);
  const row = responses.locator(".ant-table-row").filter({ hasText: CUSTOMER });
  // The report page (charts and all, in lazy chunks) once took over 20 s on a cold server at a load of 30.
  await expect(row.locator(".ant-tag").filter({ hasText: /^Replied$/ })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(reply);
  await shot(page, "journey-reply-responses");

  // The workflow's run: triggered by the reply, its send step succeeded.
  await page.goto(`${AREA}/workflows`);
  await page
    .getByRole("row", { name: new RegExp(`Reply triage ${stamp}`) })
    .getByText("1", { exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Workflow Runs" })).toBeVisible();
  await page
    .getByRole("cell", { name: `Reply triage ${stamp}` })
    .first()
    .click();
  const run = page.getByLabel("Run", { exact: true });
  await expect(run.getByText("Succeeded").first()).toBeVisible();
  await expect(
    page.locator(".ant-collapse-header").filter({ hasText: "Send text" }).filter({ hasText: "succeeded" }),
  ).toBeVisible();
  await shot(page, "journey-reply-workflow-run");

  // The integrator's endpoint: the reply as message.inbound, signed as README says, naming the campaign.
  const inbound = () =>
    receiver?.hits.find(
      (h) =>
        h.headers["x-webhook-event"] === "message.inbound" &&
        (JSON.parse(h.body) as WebhookEnvelope<"message.inbound">).data.text === reply,
    );
  await expect.poll(() => Boolean(inbound()), { timeout: 60_000 }).toBe(true);
  const hit = inbound();
  if (!hit) throw new Error("no message.inbound delivery for the reply");
  expect(verifyWebhook(secret, hit.headers, hit.body)).toBe(true);
  expect(verifyWebhook(`${secret}x`, hit.headers, hit.body)).toBe(false);
  const event = JSON.parse(hit.body) as WebhookEnvelope<"message.inbound">;
  expect(event.type).toBe("message.inbound");
  expect(event.data).toMatchObject({ channel: "rcs", from: CUSTOMER, text: reply, campaignId });

  // The delivery log says the same.
  await page.goto(`${AREA}/api-management/webhooks`);
  await page.locator(".ant-table-row", { hasText: receiver.url }).getByRole("button", { name: "Delivery log" }).click();
  await expect(page.getByRole("heading", { name: "Delivery Log" })).toBeVisible();
  await expect(page.locator(".ant-table-row", { hasText: "message.inbound" }).first()).toContainText("Succeeded");
  await shot(page, "journey-reply-webhook-log");
});
