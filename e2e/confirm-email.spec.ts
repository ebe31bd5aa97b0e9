import { expect, test } from "./fixtures";
import { MSG } from "../contract/messages";
import { shot } from "./support";

test.describe("confirm-email page", () => {
  test("a link with a token the server does not know shows the server's refusal", async ({ page }) => {
    await page.goto("/confirm-email?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG");
    await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm email address" }).click();
    await expect(page.getByRole("alert")).toHaveText(MSG.emailTokenInvalid);
    await shot(page, "confirm-email-invalid");
  });

  test("a link without a token says so and offers the way back", async ({ page }) => {
    await page.goto("/confirm-email");
    await expect(page.getByText(MSG.emailTokenInvalid)).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm email address" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page.getByLabel("Email or username")).toBeVisible();
  });
});
