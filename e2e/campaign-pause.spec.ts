import type { APIRequestContext } from "@playwright/test";
import type { CarrierChannelsPage } from "../contract/calls/carrier-channels";
import { expect, test } from "./fixtures";
import { startSmsc, type Smsc } from "../server/carriers/smpp/stand-in";
import { createSmsCampaign, numbersFor } from "./campaign-helpers";
import { apiToken, dialogSettled, login, shot } from "./support";

// The manager pauses an SMS campaign that is sending through a slow SMPP provider (the SMSC stand-in, answering each
// submit_sm only after a few seconds): the ten messages already written to the SMSC (the bind's window) are in flight,
// the report says "pausing: 10 in flight" beside Paused until their answers come back, then Paused alone; the SMSC
// never hears more than those ten. Resumed (the SMSC answering at once now), it completes with every number submitted
// exactly once. The header is the spec's own (added to the manager's account), so no other spec's SMS reach this SMSC.
const USER = { systemId: "acmeslow", password: "Sl0w-smsc" };
const HEADER = "PAUSEQ";
const CHANNEL = "Slow SMSC";
const CAMPAIGN = "Pause in flight";
const REPORTS = "/organization/campaigns/individual-reports";
const ANSWER_MS = 10_000;
let smsc: Smsc;

test.beforeAll(async () => {
  smsc = await startSmsc({ users: [USER], behaviour: { receiptDelayMs: 50, answerDelayMs: ANSWER_MS } });
});
test.afterAll(async () => {
  await smsc?.close();
});

/**
 * What this spec leaves on its server, taken away: its campaigns that have not finished (a ready or paused one keeps the
 * SMPP channel from being removed: 409) and the "Slow SMSC" channel. Run first too, so a retry on the same server
 * starts where the first attempt did instead of failing on its leftovers ("PAUSEQ is already sent through Slow SMSC").
 */
async function cleanUp(request: APIRequestContext, auth: Record<string, string>): Promise<void> {
  const listed = (await (await request.get("/api/v1/campaigns?channel=sms&limit=100", { headers: auth })).json()) as {
    campaigns: { _id: string; name: string; status: string }[];
  };
  for (const c of listed.campaigns)
    if (c.name.startsWith(CAMPAIGN) && !["completed", "discarded", "failed"].includes(c.status))
      await request.put(`/api/sms/campaigns/${c._id}/discard`, { headers: auth });
  const channels = (await (await request.get("/api/v1/channels/carrier-channels", { headers: auth })).json()) as {
    data: CarrierChannelsPage;
  };
  for (const c of channels.data.channels.filter((c) => c.name === CHANNEL)) {
    const gone = await request.delete(`/api/v1/channels/carrier-channels/${c._id}`, { headers: auth });
    expect(gone.ok(), await gone.text()).toBe(true);
  }
}

test("pausing shows what is still in flight until it settles, sends nothing more, and resume sends the rest once", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const auth = { authorization: `Bearer ${token}` };
  await cleanUp(page.request, auth);

  // The spec's own header and DLT template on the manager's transactional account, then its SMPP provider.
  const accounts = (await (await page.request.get("/api/sms/accounts", { headers: auth })).json()).data as {
    id: string;
    name: string;
    dltEntityId: string;
    senderIds: string[];
  }[];
  const account = accounts.find((a) => a.name === "Acme Transactional");
  expect(account, "the seeded transactional account").toBeTruthy();
  if (!account) return;
  if (!account.senderIds.includes(HEADER)) {
    const updated = await page.request.put(`/api/sms/accounts/${account.id}`, {
      headers: auth,
      data: { dltEntityId: account.dltEntityId, senderIds: [...account.senderIds, HEADER] },
    });
    expect(updated.ok(), await updated.text()).toBe(true);
  }
  const template = await page.request.post("/api/sms/templates", {
    headers: auth,
    data: {
      smsAccountId: account.id,
      name: "Pause check",
      body: "{#var#} is your Acme pause check code. - Acme Retail",
      category: "transactional",
      senderId: HEADER,
      dltTemplateId: "1107160000000009001",
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = (await template.json()).data.id as string;
  const channel = await page.request.post("/api/v1/channels/smpp", {
    headers: auth,
    data: {
      name: CHANNEL,
      sender_ids: [HEADER],
      host: "127.0.0.1",
      port: smsc.port,
      system_id: USER.systemId,
      password: USER.password,
      dlt_entity_id: account.dltEntityId,
    },
  });
  expect(channel.status(), await channel.text()).toBe(201);

  try {
    const numbers = numbersFor(Date.now() % 90_000_000, 60);
    const id = await createSmsCampaign(page.request, token, `${CAMPAIGN} ${Date.now()}`, numbers, {
      templateId,
      smsAccountId: account.id,
    });
    const ours = () => smsc.submitted.filter((s) => numbers.includes(`+${s.to}`));
    await page.goto(`${REPORTS}?campaignId=${id}`);
    await expect(page.locator(".ant-tag").filter({ hasText: /^Ready$/ })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Start" }).click();
    // A click aimed while the confirmation still zooms in can land beside its button (seen in CI: the dialog stayed).
    await dialogSettled(page);
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "Start now" }).click();
    await expect(page.getByText("Campaign started")).toBeVisible();

    // The bind's window (10 submits) is full and none is answered yet: pause now.
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(10);
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Campaign paused")).toBeVisible();
    const note = page.getByTestId("pausing-note");
    await expect(note).toHaveText("pausing: 10 in flight");
    await expect(page.locator(".ant-tag").filter({ hasText: /^Paused$/ })).toBeVisible();
    await shot(page, "campaign-pausing-in-flight");

    // The SMSC answers the ten; they are written as sent and the note goes. Nothing else was ever submitted.
    await expect(note).toHaveCount(0, { timeout: ANSWER_MS + 20_000 });
    await expect(page.locator(".ant-tag").filter({ hasText: /^Paused$/ })).toBeVisible();
    await expect(page.getByTestId("count-pending")).toContainText("Waiting 50");
    const responses = page
      .locator(".ant-card")
      .filter({ has: page.locator(".ant-card-head-title").getByText("Responses", { exact: true }) });
    await expect(responses.locator(".ant-tag").filter({ hasText: /^Sending$/ })).toHaveCount(0, { timeout: 15_000 });
    expect(ours()).toHaveLength(10);
    // The timeline follows the settled counts, not only its 15 s poll: the ten sends are in it, as in the funnel.
    const timeline = page
      .locator(".ant-card")
      .filter({ has: page.locator(".ant-card-head-title").getByText("Timeline", { exact: true }) });
    await expect(timeline.getByText("No sends or receipts yet.")).toHaveCount(0, { timeout: 10_000 });
    await shot(page, "campaign-paused-settled");

    smsc.behaviour.answerDelayMs = 0;
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Campaign resumed")).toBeVisible();
    await expect(page.locator(".ant-tag").filter({ hasText: /^Completed$/ })).toBeVisible({ timeout: 60_000 });
    const perNumber = numbers.map((n) => ours().filter((s) => `+${s.to}` === n).length);
    expect(
      perNumber.every((n) => n === 1),
      `submits per number: ${perNumber.join(",")}`,
    ).toBe(true);
  } finally {
    // The header goes back to the sandbox for whatever runs next on this server.
    await cleanUp(page.request, auth);
  }
});
