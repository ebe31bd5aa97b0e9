import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// Fair assignment end to end (issue 40 item 4), two people at once: the owner turns auto-assignment on, the live
// agent is online in its own browser, a customer writes from a new number, and the conversation reaches the agent's
// inbox live, already assigned to it ("automatically" in its activity log); the owner's inbox shows whom it went to.
// Auto-assignment is turned off again, so other specs' new conversations stay unassigned.

test("a new conversation goes live to the online agent, assigned automatically; the owner sees whom", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await browser.newPage({ viewport: { width: 1680, height: 1000 } });
  const headers = { authorization: `Bearer ${await apiToken(owner, "manager")}` };
  const assignment = (autoAssign: boolean) =>
    owner.request.put("/api/v1/chats/assignment", {
      headers,
      data: { autoAssign, agentCapacity: 500, offlineGraceMinutes: 60 },
    });
  expect((await assignment(true)).ok()).toBe(true);
  const agentContext = await browser.newContext({ viewport: { width: 1680, height: 1000 } });
  try {
    const agent = await agentContext.newPage();
    await login(agent, "agent", "user");
    await agent.goto("/user/chats");
    await expect(agent.getByText("Live", { exact: true })).toBeVisible();

    const addresses = (await (await owner.request.get("/api/v1/sandbox/phone/addresses", { headers })).json())
      .data as Array<{ channel: string; address: string }>;
    const whatsapp = addresses.find((a) => a.channel === "whatsapp");
    expect(whatsapp).toBeTruthy();
    const customer = `+9197${String(Date.now()).slice(-8)}`;
    const sent = await owner.request.post("/api/v1/sandbox/phone/messages", {
      headers,
      data: { channel: "whatsapp", address: whatsapp?.address, number: customer, text: "Is my order shipped?" },
    });
    expect(sent.ok()).toBe(true);

    // Live: the agent's list gains it without a reload or a search.
    const row = agent.getByRole("option").filter({ hasText: customer });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.click();
    await expect(agent.locator(".ant-select-selection-item").filter({ hasText: "Asha Verma (you)" })).toBeVisible();
    await expect(
      agent.getByRole("region", { name: "Activity" }).getByText("Assigned to Asha Verma, automatically"),
    ).toBeVisible();
    await shot(agent, "inbox-auto-assign-agent");

    await login(owner, "manager", "manager");
    await owner.goto("/organization/chats");
    await owner.getByLabel("Search conversations").fill(customer);
    await owner.getByLabel("Search conversations").press("Enter");
    await owner.getByRole("option").filter({ hasText: customer }).first().click();
    await expect(owner.locator(".ant-select-selection-item").filter({ hasText: /^Asha Verma/ })).toBeVisible();
    await expect(
      owner.getByRole("region", { name: "Activity" }).getByText("Assigned to Asha Verma, automatically"),
    ).toBeVisible();
    await shot(owner, "inbox-auto-assign-owner");
  } finally {
    await agentContext.close();
    expect((await assignment(false)).ok()).toBe(true);
    await owner.close();
  }
});
