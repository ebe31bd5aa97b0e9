import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// The account's auto-assignment on Team Members (issue 40 item 4): the owner turns it on with a capacity and a grace
// period, and the values stay after a reload. Light and dark, with axe.

for (const theme of ["light", "dark"] as const) {
  test(`the owner turns auto-assignment on (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "manager", "manager");
    await page.goto("/organization/agents");
    const card = page.locator(".ant-card").filter({ hasText: "Auto-assignment" });
    await expect(card).toBeVisible();
    const capacity = theme === "light" ? "4" : "6";
    // On, whichever of the two ran first on this server (a second click would turn it off again).
    const on = card.getByRole("switch", { name: "Assign automatically" });
    if ((await on.getAttribute("aria-checked")) !== "true") await on.click();
    await expect(on).toHaveAttribute("aria-checked", "true");
    await card.getByLabel("Open conversations per member").fill(capacity);
    await card.getByLabel("Hand on after offline (minutes)").fill("15");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Auto-assignment saved")).toBeVisible();
    await page.reload();
    await expect(card.getByLabel("Open conversations per member")).toHaveValue(capacity);
    await expect(card.getByLabel("Hand on after offline (minutes)")).toHaveValue("15");
    await expect(on).toHaveAttribute("aria-checked", "true");
    await shot(page, `inbox-assignment-${theme}`);
    expect(await scan(page, `${theme} team members auto-assignment`)).toEqual([]);
    // Off again: other specs' conversations on this server are not to be handed to the manager's team.
    const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
    const off = await page.request.put("/api/v1/chats/assignment", {
      headers,
      data: { autoAssign: false, agentCapacity: Number(capacity), offlineGraceMinutes: 15 },
    });
    expect(off.ok()).toBe(true);
  });
}
