import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { docxOf } from "../server/test/ai-files";
import { DOCX } from "../server/services/ai/knowledge/extract";
import { apiToken, login, shot } from "./support";

// The AI agent hub end to end, against the real server: an agent made from the marketplace in one click, taught a
// passage, answers a customer on the simulated phone from it (the inbox shows the answer and the cited passage), and
// hands the conversation to the team when the customer asks for a person.

const HUB = "/organization/ai-agent-hub";
const PASSAGE = "Gift wrapping costs ₹30 per item and includes a handwritten card. Choose it at checkout.";

// An agent left switched on answers every later customer of the manager's inbox (the campaign specs' replies
// included), so the specs after this one would meet its answers and its load: each test deletes the agents it made.
test.afterEach(async ({ page }) => {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const list = await page.request.get("/api/flow/v1/agents?limit=100", { headers });
  expect(list.ok()).toBe(true);
  const agents = ((await list.json()).data.agents ?? []) as Array<{ _id: string }>;
  for (const agent of agents)
    expect((await page.request.delete(`/api/flow/v1/agents/${agent._id}`, { headers })).ok()).toBe(true);
});

async function phoneSay(phone: Page, text: string) {
  await phone.getByLabel("Customer message").fill(text);
  await phone.getByLabel("Customer message").press("Enter");
}

test("an agent from the marketplace answers a customer from its knowledge and hands over on request", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(page, "manager", "manager");

  // The empty hub says what to do first.
  await page.goto(HUB);
  await expect(page.getByText("No AI agents yet")).toBeVisible();
  await shot(page, "ai-hub-empty");

  await page.getByRole("link", { name: "Browse templates" }).click();
  await expect(page).toHaveURL(/\/organization\/marketplace$/);
  await expect(page.getByText("Order status assistant")).toBeVisible();
  await shot(page, "ai-marketplace");
  await page.getByRole("button", { name: "Use this template: Order status assistant" }).click();

  // The new agent opens on its knowledge, with the template's sample knowledge.
  await expect(page).toHaveURL(/ai-agent-hub\/agent\?id=.+&tab=knowledge/);
  await expect(page.getByRole("heading", { name: "Order status assistant" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delivery times and charges", exact: true })).toBeVisible();

  // Teach it one passage of our own.
  await page.getByLabel("Title", { exact: true }).fill("Gift wrapping");
  await page.getByRole("textbox", { name: /^\*? ?Text$/ }).fill(PASSAGE);
  await page.getByRole("button", { name: "Learn this text" }).click();
  await expect(page.getByRole("button", { name: "Gift wrapping", exact: true })).toBeVisible();
  await page.getByLabel("Search the knowledge").fill("do you offer gift wrapping");
  await page.getByLabel("Search the knowledge").press("Enter");
  const first = page.locator(".ant-list-item").first();
  await expect(first).toContainText("Gift wrapping");
  await expect(first).toContainText("#1");
  await shot(page, "ai-agent-knowledge");

  // A Word file, read by the server's parse worker (beside the bundle, under its heap cap and deadline).
  await page.locator(".ant-segmented").getByText("File", { exact: true }).click();
  await page.getByLabel("Title of the file").fill("Returns policy");
  await page.locator('input[type="file"]').setInputFiles({
    name: "returns.docx",
    mimeType: DOCX,
    buffer: docxOf(["Returns are accepted within 30 days of delivery."]),
  });
  await expect(page.getByRole("button", { name: "Returns policy", exact: true })).toBeVisible({ timeout: 30_000 });

  // As a customer on the simulated phone.
  const customer = `+9196${String(Date.now()).slice(-8)}`;
  const phone = await browser.newPage();
  await login(phone, "manager", "manager");
  await phone.goto("/organization/chats/phone");
  await phone.getByLabel("Customer number").fill(customer);
  await phone.getByRole("button", { name: "Open the thread" }).click();
  // (A question that opens with "Hi," is taken for the greeting intent and gets only the greeting: a known weakness.)
  await phoneSay(phone, "Do you offer gift wrapping?");
  const thread = phone.getByRole("log", { name: "Thread" });
  await expect(thread.locator('[data-direction="out"]').filter({ hasText: "₹30 per item" })).toBeVisible({
    timeout: 30_000,
  });
  await shot(phone, "ai-phone-answer");

  // The inbox shows the grounded answer and, for the team, the passage it came from.
  await page.goto("/organization/chats");
  await page.getByLabel("Search conversations").fill(customer);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: customer }).first().click();
  await expect(page.locator("[data-message]").filter({ hasText: "₹30 per item" })).toBeVisible();
  await expect(page.locator("[data-message]").filter({ hasText: "Source: “Gift wrapping”" })).toBeVisible();
  await shot(page, "ai-inbox-grounded-answer");

  // Asking for a person hands the conversation over, with a note saying why.
  await phoneSay(phone, "I want to talk to a human please");
  await expect(
    thread.locator('[data-direction="out"]').filter({ hasText: "connecting you with a member of our team" }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .locator("[data-message]")
      .filter({ hasText: "handed this conversation to the team: the customer asked for a person" }),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, "ai-inbox-handoff");
  await phone.close();
  await page.close();
});

test("the agent's workspace: enhance the prompt with a diff, try sentences, and ask in the playground", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, "manager", "manager");
  // An agent of its own from the same template, so this test does not lean on the one before.
  const install = await page.request.post("/api/flow/v1/marketplace/order-status/install", {
    headers: { authorization: `Bearer ${await apiToken(page, "manager")}` },
    data: { name: "Workspace assistant" },
  });
  expect(install.status()).toBe(201);
  await page.goto(HUB);
  await page.getByRole("link", { name: "Workspace assistant" }).click();
  await expect(page.getByText("When it hands over")).toBeVisible();
  await shot(page, "ai-agent-settings");

  await page.getByRole("tab", { name: "Prompt" }).click();
  await page.getByRole("button", { name: "Enhance prompt" }).click();
  await expect(page.getByText("by rules")).toBeVisible();
  await expect(page.getByLabel("Enhanced prompt")).toContainText("Never ask for passwords");
  await expect(page.locator("ins").first()).toBeVisible();
  await shot(page, "ai-agent-prompt-diff");
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(page.getByText(/% complete/)).toBeVisible();

  await page.getByRole("tab", { name: /Intents/ }).click();
  await page.getByLabel("Try a sentence").fill("my parcel still hasn't arrived");
  await expect(page.getByText("Confidence", { exact: false })).toBeVisible();
  await expect(page.locator("[aria-live=polite]").getByText("order_status").first()).toBeVisible();
  await shot(page, "ai-agent-intents");

  await page.getByRole("tab", { name: "Playground" }).click();
  await page.getByLabel("Message to the agent").fill("Can I pay cash on delivery?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByText("intent payment_methods")).toBeVisible({ timeout: 30_000 });
  await page.getByText(/Passages used/).click();
  await expect(page.getByText("Payment options").first()).toBeVisible();
  await shot(page, "ai-agent-playground");

  await page.getByRole("tab", { name: "Answers" }).click();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await shot(page, "ai-agent-answers");
});
