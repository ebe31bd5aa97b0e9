import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// The Consent section of a contact's drawer (issue 39, item 3): the state per channel, recording an opt-out with a
// confirmation, the history timeline; axe in light and dark with the drawer and the record dialog open.

for (const theme of ["light", "dark"] as const) {
  test(`a manager records an SMS opt-out on a contact and reads its consent (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    const stamp = String(Date.now()).slice(-7);
    const number = `+91974${stamp}`;
    await login(page, "manager", "manager");
    await page.goto("/organization/campaigns/contacts");
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
    await page.getByRole("button", { name: "Add contact" }).first().click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByLabel("Phone number").fill(`974 ${stamp}`);
    await drawer.getByLabel("Name").fill(`Consent ${theme} ${stamp}`);
    await drawer.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByText(`${number} added to your contacts`)).toBeVisible();

    await page.getByRole("button", { name: `Edit Consent ${theme} ${stamp}` }).click();
    const consent = drawer.locator("section", { has: page.getByRole("heading", { name: "Consent" }) });
    await expect(consent.getByText("No consent recorded for this number yet")).toBeVisible();
    await expect(consent.getByText("Marketing: Allowed")).toHaveCount(3);

    await consent.getByRole("button", { name: "Record opt-in/opt-out" }).click();
    const dialog = page.getByRole("dialog", { name: `Record consent of ${number}` });
    await expect(dialog).toBeVisible();
    const choose = async (label: string, option: string) => {
      // An antd select: focused and opened from the keyboard (its input is not a visible click target).
      const box = dialog.getByLabel(label);
      await box.focus();
      await box.press("ArrowDown");
      await page.locator(".ant-select-item-option").filter({ hasText: option }).first().click();
    };
    await choose("Channel", "SMS");
    await choose("How it was given", "Complaint");
    await dialog.getByLabel("Proof").fill("Called the helpline on 6 Dec asking for no more SMS");
    await shot(page, `consent-record-${theme}`);
    expect(await scan(page, `${theme} consent record dialog`)).toEqual([]);
    await dialog.getByRole("button", { name: "Record" }).click();
    await expect(page.getByText(`Record: Opted out of SMS (all messages) for ${number}?`)).toBeVisible();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Record" }).click();
    await expect(page.getByText(`Opted out recorded for ${number} (SMS)`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const sms = consent.locator("div", { has: page.getByText("SMS", { exact: true }) }).last();
    await expect(sms.getByText("Marketing: Opted out")).toBeVisible();
    await expect(consent.getByText("Opted out: SMS, all messages")).toBeVisible();
    await expect(consent.getByText("Called the helpline on 6 Dec asking for no more SMS")).toBeVisible();
    await expect(consent.getByText("Marketing: Allowed")).toHaveCount(2);
    await shot(page, `consent-drawer-${theme}`);
    expect(await scan(page, `${theme} consent drawer`)).toEqual([]);
  });
}
