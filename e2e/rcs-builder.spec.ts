import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { login, shot } from "./support";

const BUILDER = "/organization/manage-templates/rcs/creation";

/** Drags one card tab's handle onto another's with the mouse, in steps so dnd-kit's pointer sensor follows. */
async function dragTab(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("card tab not visible");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 5 });
  // dnd-kit measures on animation frames: give it a few between the moves.
  await page.waitForTimeout(100);
  await page.mouse.move(b.x + b.width / 2 + 8, b.y + b.height / 2, { steps: 15 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

async function fillCard(page: Page, n: number, title: string, description: string, chip: string): Promise<void> {
  await page.getByTestId(`card-tab-${n}`).locator(".rcsb-tab-label").click();
  await page.getByLabel(`Card ${n} title`).fill(title);
  await page.getByLabel(`Card ${n} description`).fill(description);
  await page.getByRole("button", { name: `Add suggestion to Card ${n} suggestions` }).click();
  await page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").getByRole("menuitem", { name: "Reply" }).last().click();
  await page.getByLabel(`Card ${n} suggestions 1 label`).fill(chip);
}

/** Picks an option of an antd Segmented control (its radio inputs are hidden; people click the label). */
const segment = (page: Page, label: string) =>
  page
    .locator(".ant-segmented-item")
    .filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .click();

const previewTitles = (page: Page) => page.getByTestId("phone-preview").getByTestId("preview-card-title");

test("a manager builds a carousel of three cards, reorders two by drag and drop, and saves it", async ({ page }) => {
  // Three cards filled in, dragged, shot in two themes and saved: past 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  // A name of this attempt's own: a retry meets the first attempt's template, and names are unique per account.
  const name = `Winter collection ${Date.now().toString(36).slice(-4)}`;
  await login(page, "manager", "manager");
  await page.goto(BUILDER);
  await page.getByLabel("Template name").fill(name);
  await segment(page, "Carousel");
  await page.getByRole("button", { name: "Add card" }).click();
  await fillCard(page, 1, "Wool coat", "Warm, light, water-repellent. ₹4,999", "Buy coat");
  await fillCard(page, 2, "Cashmere scarf", "Soft as a cloud. ₹1,299", "Buy scarf");
  await fillCard(page, 3, "Leather boots", "Built for rain and snow. ₹3,499", "Buy boots");
  // A message-level chip with an action: a URL.
  await page.getByRole("button", { name: "Add suggestion to Message suggestions" }).click();
  await page
    .locator(".ant-dropdown:not(.ant-dropdown-hidden)")
    .getByRole("menuitem", { name: "Open URL" })
    .last()
    .click();
  await page.getByLabel("Message suggestions 1 label").fill("See all");
  await page.getByLabel("Message suggestions 1 URL").fill("https://shop.example.com/winter");

  await expect(previewTitles(page)).toHaveText(["Wool coat", "Cashmere scarf", "Leather boots"]);
  const preview = page.getByTestId("phone-preview");
  await expect(preview.getByText("Buy scarf")).toBeVisible();
  await expect(preview.getByText("See all")).toBeVisible();

  // The first card is dragged past the second: the preview follows the new order.
  await dragTab(page, page.getByTestId("card-tab-1").locator(".rcsb-tab-handle"), page.getByTestId("card-tab-2"));
  await expect(previewTitles(page)).toHaveText(["Cashmere scarf", "Wool coat", "Leather boots"]);
  await expect(page.getByTestId("card-tab-1")).toContainText("Cashmere scarf");
  await shot(page, "rcsb-builder-carousel-light");

  await segment(page, "Dark");
  await expect(preview).toHaveAttribute("data-mode", "dark");
  await shot(page, "rcsb-builder-carousel-dark");

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page).toHaveURL(/\/organization\/manage-templates\/rcs$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Carousel");
  await expect(row).toContainText("3 cards");
  await shot(page, "rcsb-list");

  // Edit reopens the builder with the saved order.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(previewTitles(page)).toHaveText(["Cashmere scarf", "Wool coat", "Leather boots"]);
});

test("cards reorder from the keyboard too", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto(BUILDER);
  await segment(page, "Carousel");
  await page.getByLabel("Card 1 title").fill("First");
  await page.getByTestId("card-tab-2").locator(".rcsb-tab-label").click();
  await page.getByLabel("Card 2 title").fill("Second");
  await page.getByTestId("card-tab-1").locator(".rcsb-tab-handle").focus();
  // dnd-kit moves on animation frames: a short pause between the keys, as a person's would be.
  for (const key of ["Space", "ArrowRight", "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await expect(previewTitles(page)).toHaveText(["Second", "First"]);
});

test("the builder explains the rules while typing and refuses to save a broken draft", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto(BUILDER);
  await segment(page, "Rich card");
  // 67 Devanagari letters are 201 bytes: one over the title's limit.
  await page.getByLabel("Card title").fill("क".repeat(67));
  await expect(page.getByText("201 / 200 bytes · 67 characters")).toBeVisible();
  await expect(page.getByText("Title is 201 bytes; at most 200 bytes of UTF-8")).toBeVisible();
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.locator(".ant-form-item-explain-error").filter({ hasText: "Name is required" })).toBeVisible();
  await expect(page.getByText("Fix 2 problems before saving")).toBeVisible();
  await expect(page).toHaveURL(/rcs\/creation$/);
  await shot(page, "rcsb-builder-errors");
});

test("a library template fills the builder; the flag shows, and clearing resets it", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates");
  await expect(page.getByTestId("library-retail-festive-sale")).toBeVisible();
  await shot(page, "rcsb-library");
  await segment(page, "RCS");
  await page.getByRole("combobox", { name: "Industry" }).click();
  await page.getByTitle("Travel").click();
  await expect(page.getByText("2 templates")).toBeVisible();
  await page.getByRole("button", { name: "Use template: Weekend getaways" }).click();

  await expect(page).toHaveURL(/rcs\/creation\?from=library%3Atravel-weekend-getaways$/);
  await expect(page.getByTestId("library-flag")).toContainText("Weekend getaways");
  await expect(page.getByLabel("Template name")).toHaveValue("Weekend getaways");
  await expect(previewTitles(page)).toHaveText(["Goa", "Jaipur", "Munnar", "Rishikesh"]);
  await shot(page, "rcsb-builder-from-library");

  await page.getByTestId("library-flag").getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("library-flag")).toHaveCount(0);
  await page.getByLabel("Template name").fill("Getaways, our own");
  await page.getByRole("button", { name: "Save template" }).click();
  const row = page.getByRole("row").filter({ hasText: "Getaways, our own" });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("from the library");

  // Chosen from the builder's own library drawer, the flag is saved with the template.
  await page.goto(BUILDER);
  await page.getByRole("button", { name: "Start from library" }).click();
  await page.getByRole("button", { name: "Use Appointment reminder" }).click();
  await expect(page.getByTestId("library-flag")).toContainText("Appointment reminder");
  await segment(page, "Dark");
  await shot(page, "rcsb-builder-richcard-dark");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Appointment reminder" })).toContainText("from the library");

  // Delete asks first.
  await page.getByRole("button", { name: "Delete Appointment reminder" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "Appointment reminder" })).toHaveCount(0);
});
