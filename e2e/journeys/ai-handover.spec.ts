import type { Page } from "@playwright/test";
import { test } from "../fixtures";
import { apiToken, login, shot } from "../support";
import { expect, JOURNEY_TIMEOUT_MS, ordinaryNumber } from "./journey-support";

// The AI hand-over journey, as the people in it see it: a customer writes on WhatsApp (the simulated phone), the
// account's AI agent answers from its knowledge, the customer asks for a person, the agent hands over, the live agent
// (Asha, already signed in elsewhere) hears of it on the bell and over the socket, takes the conversation with "Assign
// to me" and answers, and the customer reads the answer. Nothing here depends on how the server was started (sources
// or the built bundle) or on the database behind it.

/** An AI answer is a queued job: at a load of 30 it took longer than the journeys' 20 s. */
const AI_ANSWER_MS = 60_000;

test.setTimeout(JOURNEY_TIMEOUT_MS);

/**
 * Removes the manager's AI agents. The first enabled agent on a channel takes its conversations, so one left by another
 * spec (or an earlier run on a kept database) would answer instead of the journey's; and the journey's own, left
 * switched on, would answer every later customer of the manager's inbox.
 */
async function removeManagersAiAgents(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const list = await page.request.get("/api/flow/v1/agents?limit=100", { headers });
  expect(list.ok()).toBe(true);
  for (const agent of ((await list.json()).data.agents ?? []) as Array<{ _id: string }>) {
    expect((await page.request.delete(`/api/flow/v1/agents/${agent._id}`, { headers })).ok()).toBe(true);
  }
}

test.afterEach(async ({ page }) => removeManagersAiAgents(page));

async function customerSays(phone: Page, text: string): Promise<void> {
  await phone.getByLabel("Customer message").fill(text);
  await phone.getByLabel("Customer message").press("Enter");
}

test("a customer's message is answered by the AI agent, handed over on request, and taken and answered by a live agent", async ({
  browser,
}) => {
  // The account's AI agent, from the marketplace's order-status template (its sample knowledge answers delivery times).
  const setup = await browser.newPage();
  await removeManagersAiAgents(setup);
  const installed = await setup.request.post("/api/flow/v1/marketplace/order-status/install", {
    headers: { authorization: `Bearer ${await apiToken(setup, "manager")}` },
    data: { name: "Journey assistant", channels: ["whatsapp"] },
  });
  expect(installed.status()).toBe(201);
  await setup.close();

  // Asha, the manager's live agent, is signed in on her overview: she is not looking at the inbox.
  const agentContext = await browser.newContext({ viewport: { width: 1680, height: 1000 } });
  const agent = await agentContext.newPage();
  await login(agent, "agent", "user");

  // The customer writes on WhatsApp to the manager's number.
  const customer = ordinaryNumber("97");
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await login(phone, "manager", "manager");
  await phone.goto("/organization/chats/phone");
  await phone.getByLabel("Customer number").fill(customer);
  await phone.getByRole("button", { name: "Open the thread" }).click();
  await customerSays(phone, "How long does delivery take to Pune?");
  const thread = phone.getByRole("log", { name: "Thread" });
  // The AI agent answers from its knowledge (the delivery-times passage).
  await expect(thread.locator('[data-direction="out"]').filter({ hasText: /working days/ })).toBeVisible({
    timeout: AI_ANSWER_MS,
  });
  await shot(phone, "journey-ai-answer");

  // Asking for a person hands the conversation to the team, and the customer is told.
  await customerSays(phone, "This is not enough, I want to talk to a human please");
  await expect(
    thread.locator('[data-direction="out"]').filter({ hasText: "connecting you with a member of our team" }),
  ).toBeVisible({ timeout: AI_ANSWER_MS });

  // Asha's bell rings without a reload (pushed over her socket): the hand-over notification names the customer.
  await expect(agent.locator(".ant-badge-dot")).toBeVisible();
  await agent.getByRole("button", { name: "Notifications" }).click();
  const handover = agent.locator(".ant-popover [data-notification]").filter({ hasText: `${customer} needs a person` });
  await expect(handover).toHaveAttribute("data-unread", "true");
  await expect(handover).toContainText(
    "Journey assistant handed the conversation to the team: the customer asked for a person.",
  );
  await shot(agent, "journey-agent-bell");

  // The notification opens the conversation: the AI's answers and its note are there, and Asha takes it.
  await handover.click();
  await expect(agent).toHaveURL(/\/user\/chats\?chat=/);
  await expect(
    agent.locator("[data-message]").filter({ hasText: "handed this conversation to the team" }),
  ).toBeVisible();
  await agent.getByRole("button", { name: "Assign to me" }).click();
  await expect(agent.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  await expect(agent.locator(".ant-select-selection-item").filter({ hasText: "Asha Verma (you)" })).toBeVisible();

  // Her answer reaches the customer.
  await agent
    .getByRole("textbox", { name: "Reply" })
    .fill("Hi, this is Asha from the team. Let me look at your order.");
  await agent.getByRole("textbox", { name: "Reply" }).press("Enter");
  const sent = agent.locator("[data-message]").filter({ hasText: "this is Asha from the team" });
  await expect(sent.locator("[data-status]")).toHaveAttribute("data-status", /sent|delivered|read/);
  await shot(agent, "journey-agent-claimed-replied");
  await expect(
    thread.locator('[data-direction="out"]').filter({ hasText: "this is Asha from the team" }),
  ).toBeVisible();
  await shot(phone, "journey-customer-reads-agent");

  // The conversation is Asha's now: the customer's next message reaches her open conversation live.
  await customerSays(phone, "Thank you Asha");
  await expect(agent.locator("[data-message]").filter({ hasText: "Thank you Asha" })).toBeVisible();

  await phoneContext.close();
  await agentContext.close();
});
