import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/campaigns/contacts";

// Erase (issue 39): the drawer's button stays disabled until the contact's number is typed; then the person is gone
// from the list and cannot be added again. In light and dark, with axe on the drawer's erase section.
for (const theme of ["light", "dark"] as const) {
  test(`a manager erases a person after typing their number (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    const stamp = String(Date.now()).slice(-7);
    const number = `+91974${stamp}`;
    const name = `Erase Me ${theme} ${stamp}`;
    await login(page, "manager", "manager");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();

    await page.getByRole("button", { name: "Add contact" }).first().click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByLabel("Phone number").fill(number);
    await drawer.getByLabel("Name").fill(name);
    await drawer.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByText(`${number} added to your contacts`)).toBeVisible();

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const erase = drawer.getByRole("region", { name: "Erase this person" });
    await erase.scrollIntoViewIfNeeded();
    const button = erase.getByRole("button", { name: "Erase person" });
    await expect(button).toBeDisabled();
    await erase.getByLabel(`Type ${number} to confirm`).fill("+91 974 0000000");
    await expect(button).toBeDisabled();
    await erase.getByLabel(`Type ${number} to confirm`).fill(`${number.slice(0, 3)} ${number.slice(3)}`);
    await expect(button).toBeEnabled();
    await shot(page, `contacts-erase-${theme}`);
    expect(await scan(page, `${theme} contacts erase`)).toEqual([]);
    await button.click();
    await expect(page.getByText(`${number} was erased`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Edit ${name}` })).toHaveCount(0);

    // Not stored again.
    await page.getByRole("button", { name: "Add contact" }).first().click();
    await drawer.getByLabel("Phone number").fill(number);
    await drawer.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByText(/number: was erased at the person.s request/)).toBeVisible();
    await shot(page, `contacts-erase-refused-${theme}`);
  });
}
