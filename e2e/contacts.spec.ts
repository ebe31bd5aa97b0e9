import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

const PAGE = "/organization/campaigns/contacts";

test("a manager adds, searches (O'Brien), labels, exports and deletes contacts", async ({ page }) => {
  const stamp = String(Date.now()).slice(-7);
  const number = `+91973${stamp}`;
  const name = `Siobhan O'Brien ${stamp}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "Contacts" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();

  // An attribute first, so the drawer shows its typed input.
  await page.getByRole("button", { name: "Attributes" }).click();
  const attrs = page.getByRole("dialog", { name: "Contact attributes" });
  if (!(await attrs.getByText("e2e_city").isVisible())) {
    await attrs.getByLabel("Key").fill("e2e_city");
    await attrs.getByLabel("Label").fill("City");
    await attrs.getByRole("button", { name: "Add attribute" }).click();
    await expect(attrs.getByText("e2e_city")).toBeVisible();
  }
  if (!(await attrs.getByText("e2e_plan").isVisible())) {
    await attrs.getByLabel("Key").fill("e2e_plan");
    await attrs.getByLabel("Label").fill("Plan");
    // The RJSF select (the first combobox of the form; the choices' tag box is the second).
    const type = attrs.getByRole("combobox").first();
    await type.focus();
    await type.press("ArrowDown");
    await page.locator(".ant-select-item-option").filter({ hasText: "Choice" }).click();
    await attrs.getByLabel("Choices").fill("gold,");
    await attrs.getByLabel("Choices").fill("silver,");
    await attrs.getByRole("button", { name: "Add attribute" }).click();
    await expect(attrs.getByText("gold, silver")).toBeVisible();
  }
  await shot(page, "contacts-attributes");
  await attrs.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Add contact" }).first().click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("Phone number").fill(`973 ${stamp}`);
  await drawer.getByLabel("Name").fill(name);
  await drawer.getByLabel("Email").fill(`siobhan${stamp}@example.com`);
  await drawer.getByLabel("City").fill("Pune");
  await drawer.getByLabel("Labels").fill("newsletter");
  await drawer.getByLabel("Labels").press("Enter");
  await shot(page, "contacts-drawer");
  await drawer.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText(`${number} added to your contacts`)).toBeVisible();

  // The search for O'Brien goes in the call's query string: the page's URL never carries it, and nobody is signed out.
  const search = page.getByLabel("Search contacts");
  await search.fill(`O'Brien ${stamp}`);
  await search.press("Enter");
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(number);
  await expect(rows.first()).toContainText("newsletter");
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await shot(page, "contacts-list");

  await rows.first().getByRole("checkbox").check();
  await page.getByRole("button", { name: "Labels" }).click();
  const labels = page.getByRole("dialog", { name: /Change labels/ });
  await labels.getByLabel("Add labels").fill("vip");
  await labels.getByLabel("Add labels").press("Enter");
  await labels.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Labels changed on 1 contact")).toBeVisible();
  await expect(rows.first()).toContainText("vip");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);

  await rows.first().getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText("Delete 1 contact?");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("1 contact deleted")).toBeVisible();
  await expect(page.getByText("No contact matches")).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`the contacts screen passes axe WCAG 2.1 AA (${theme}, department head)`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "depthead", "department_head");
    await page.goto("/department-head/campaigns/contacts");
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
    await shot(page, `contacts-${theme}`);
    expect(await scan(page, `${theme} contacts`)).toEqual([]);
    await page.getByRole("button", { name: "Add contact" }).first().click();
    await expect(page.locator(".ant-drawer").getByLabel("Phone number")).toBeVisible();
    await shot(page, `contacts-drawer-${theme}`);
    expect(await scan(page, `${theme} contacts drawer`)).toEqual([]);
  });
}
