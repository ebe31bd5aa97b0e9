import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/agents";

test("the team list shows an agent online while it is signed in, offline after; monitoring shows its figures", async ({ browser }) => {
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
