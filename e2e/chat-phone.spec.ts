import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// The simulated customer phone against the real server and the sandbox carrier: a message written as a customer
// reaches the account like a real one, rings the bell (with a sound) and shows in the phone's own thread.
test("a message written on the simulated phone shows in its thread and rings the bell with a sound", async ({
  page,
}) => {
  // Count the chime's oscillators: the sound is made with the Web Audio API.
  await page.addInitScript(() => {
    const w = window as unknown as { __chimes: number; AudioContext: typeof AudioContext };
    w.__chimes = 0;
    const original = w.AudioContext.prototype.createOscillator;
    w.AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__chimes += 1;
      return original.call(this);
    };
  });
  const customer = `+9198${String(Date.now()).slice(-8)}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/chats/phone");
  await expect(page.getByRole("heading", { name: "Simulated phone" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Business number" })).toBeVisible();
  await page.getByLabel("Customer number").fill(customer);
  await page.getByRole("button", { name: "Open the thread" }).click();
  await page.getByLabel("Customer message").fill("Hello from the simulated phone");
  await page.getByLabel("Customer message").press("Enter");

  const thread = page.getByRole("log", { name: "Thread" });
  await expect(
    thread.locator('[data-direction="in"]').filter({ hasText: "Hello from the simulated phone" }),
  ).toBeVisible();
  // The same signed-in tab owns the business number: the bell lights and the notification names the customer.
  await expect(page.locator(".ant-badge-dot")).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __chimes: number }).__chimes)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByRole("link").filter({ hasText: customer })).toBeVisible();
  await shot(page, "chat-phone-notification");
  // Clicking the notification opens the conversation in the inbox.
  await page.getByRole("link").filter({ hasText: customer }).click();
  await expect(page).toHaveURL(/\/organization\/chats\?chat=/);
});
