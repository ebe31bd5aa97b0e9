import { expect, test } from "./fixtures";
import { scan } from "./a11y/axe";
import { apiToken, login, shot } from "./support";

const PAGE = "/organization/agents";

test("the team list shows an agent online while it is signed in, offline after; monitoring shows its figures", async ({
  browser,
}) => {
  const owner = await browser.newPage();
  await login(owner, "manager", "manager");
  await owner.goto(PAGE);
  await expect(owner.getByRole("heading", { name: "Team Members" })).toBeVisible();
  const asha = owner.getByRole("row").filter({ hasText: "Asha Verma" });
  await expect(asha.locator("[data-presence]")).toHaveAttribute("data-presence", "offline");

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await login(agent, "agent", "user");
  await agent.goto("/user/chats");
  await expect(agent.getByText("Live", { exact: true })).toBeVisible();
  await expect(asha.locator("[data-presence]")).toHaveAttribute("data-presence", "online");
  await shot(owner, "team-members-online");
  await agentContext.close();
  await expect(asha.locator("[data-presence]")).toHaveAttribute("data-presence", "offline");

  await asha.getByRole("button", { name: "Monitor" }).click();
  await expect(owner.getByText("Asha Verma · monitoring")).toBeVisible();
  await expect(owner.getByText("Messages sent")).toBeVisible();
  await expect(owner.getByLabel("Activity chart").locator(".recharts-surface").first()).toBeVisible();
  await shot(owner, "team-members-monitoring");
});

test("a member added with a password signs in; an invitation lists as invited", async ({ page }) => {
  const stamp = String(Date.now()).slice(-6);
  await login(page, "manager", "manager");
  await page.goto(PAGE);
  await page.getByRole("button", { name: "Add member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`Dev ${stamp}`);
  await dialog.getByLabel("Email", { exact: true }).fill(`dev${stamp}@example.com`);
  await dialog.getByLabel("Username", { exact: true }).fill(`dev_${stamp}`);
  await dialog.getByLabel("Password", { exact: true }).fill("Member-pass-2026");
  await dialog.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("row").filter({ hasText: `Dev ${stamp}` })).toContainText("Active");

  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill(`Inv ${stamp}`);
  await page.getByRole("dialog").getByLabel("Email", { exact: true }).fill(`inv${stamp}@example.com`);
  await page.getByRole("dialog").getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("row").filter({ hasText: `Inv ${stamp}` })).toContainText("Invited");
  await shot(page, "team-members-list");
});

test("a live agent sees its team in the inbox and takes an unassigned conversation with 'Assign to me'", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A conversation of its own, written as a customer to the manager's WhatsApp number, so no other spec's is touched.
  const setup = await browser.newPage();
  const headers = { authorization: `Bearer ${await apiToken(setup, "manager")}` };
  const addresses = (await (await setup.request.get("/api/v1/sandbox/phone/addresses", { headers })).json())
    .data as Array<{ channel: string; address: string }>;
  const whatsapp = addresses.find((a) => a.channel === "whatsapp");
  expect(whatsapp).toBeTruthy();
  const customer = `+9195${String(Date.now()).slice(-8)}`;
  // A second one to open afterwards; the seeded conversations may be off the first page, or closed, by then.
  const other = `+9196${String(Date.now()).slice(-8)}`;
  for (const number of [customer, other]) {
    const sent = await setup.request.post("/api/v1/sandbox/phone/messages", {
      headers,
      data: { channel: "whatsapp", address: whatsapp?.address, number, text: "Can someone call me back?" },
    });
    expect(sent.ok()).toBe(true);
  }
  await setup.close();

  // Wide enough for the details pane to open by itself.
  const page = await browser.newPage({ viewport: { width: 1680, height: 1000 } });
  const calls = { team: 0, agents: 0 };
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/v1/chats/team") calls.team += 1;
    if (path === "/api/live-agent/agents") calls.agents += 1;
  });
  await login(page, "agent", "user");
  await page.goto("/user/chats");
  await page.getByLabel("Search conversations").fill(customer);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: customer }).first().click();
  const assignTo = page.getByRole("combobox", { name: "Assign to" });
  // The team list names its members with their presence (Asha is this tab: online).
  await assignTo.click();
  await expect(page.locator(".ant-select-item-option").filter({ hasText: "Asha Verma (you) · online" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-selection-placeholder").filter({ hasText: "Unassigned" })).toBeVisible();
  await expect(page.getByText("Team members are not available")).toHaveCount(0);
  await shot(page, "chat-inbox-agent-unassigned");

  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  await expect(
    page.locator(".ant-select-selection-item").filter({ hasText: "Asha Verma (you) · online" }),
  ).toBeVisible();
  // The change is in the conversation's activity log, read again when the assignment changed.
  await expect(page.getByRole("region", { name: "Activity" }).getByText(/^Assigned to Asha Verma, by /)).toBeVisible();
  await shot(page, "chat-inbox-agent-assigned");

  // Opening other conversations reads the team no more: once per inbox view, and never the owner's Team Members call.
  for (const number of [other, customer]) {
    await page.getByLabel("Search conversations").fill(number);
    await page.getByLabel("Search conversations").press("Enter");
    await page.getByRole("option").filter({ hasText: number }).first().click();
    await expect(page).toHaveURL(/\?chat=/);
    await expect(assignTo).toBeVisible();
  }
  expect(calls).toEqual({ team: 1, agents: 0 });
  // The agent's inbox in the dark theme too.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(assignTo).toBeVisible();
  await shot(page, "chat-inbox-agent-dark");
  // The details pane with its activity log passes axe in the dark theme (the light one is the sweep's).
  expect(await scan(page, "dark agent inbox with activity")).toEqual([]);
  await page.close();
});
