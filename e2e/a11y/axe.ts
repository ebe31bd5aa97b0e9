import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: the bar every screen must meet. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One rule broken on one screen, short enough to read in a failure message. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  nodes: number;
  /** The first few elements, by selector, with axe's summary of what is wrong. */
  where: string[];
}

/**
 * Waits until a screen is still: no spinner, no skeleton, no running animation (a fading modal or a colour in
 * transition would be measured half-way).
 */
export async function settle(page: Page): Promise<void> {
  // The pointer rests where the last click left it; a hovered control would be measured in its hover colours.
  const size = page.viewportSize();
  if (size) await page.mouse.move(size.width - 1, size.height - 1);
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active, .ant-spin-blur")).toHaveCount(0, {
    timeout: 60_000,
  });
  // Still means quiet for a while, not at one instant: a lazy dialog (a route's create form) can mount after the
  // screen's heading shows and start its zoom after this check would otherwise have passed.
  await page.waitForFunction(
    (quietMs) => {
      const w = window as Window & { __axeQuiet?: { since: number; observer: MutationObserver } };
      if (!w.__axeQuiet) {
        const quiet = {
          since: performance.now(),
          observer: new MutationObserver(() => (quiet.since = performance.now())),
        };
        quiet.observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        w.__axeQuiet = quiet;
      }
      const moving = document
        .getAnimations()
        .some((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      if (moving) w.__axeQuiet.since = performance.now();
      if (performance.now() - w.__axeQuiet.since < quietMs) return false;
      w.__axeQuiet.observer.disconnect();
      delete w.__axeQuiet;
      return true;
    },
    300,
    { timeout: 10_000, polling: 50 },
  );
}

/**
 * A control inside another (a button in a link): two tab stops for one action, the outer one without a ring. axe's
 * nested-interactive rule only looks inside controls whose children are presentational, so not inside links.
 */
async function nestedControls(page: Page, screen: string): Promise<Finding[]> {
  const where = await page.evaluate(() => {
    const control = 'a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
    return Array.from(document.querySelectorAll<HTMLElement>(control))
      .filter(
        (el) =>
          el.tabIndex >= 0 &&
          el.getClientRects().length > 0 &&
          el.parentElement?.closest('a[href], button, [role="button"]'),
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 40)}" inside ${el.parentElement?.closest("a[href], button, [role=button]")?.tagName.toLowerCase()}`,
      );
  });
  return where.length
    ? [{ screen, rule: "nested-controls", impact: "serious", nodes: where.length, where: where.slice(0, 3) }]
    : [];
}

/** Runs axe over the whole document and returns what it found, labelled with `screen`. */
export async function scan(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  const nested = await nestedControls(page, screen);
  // Legacy mode runs axe in the page itself; the default opens a second page per scan to merge frames, which this
  // console (no iframes) does not need and which doubles the time of a walk. Only violations are wanted: axe then
  // keeps one node per passed rule instead of every one (options() first: it replaces what withTags sets).
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  return [
    ...nested,
    ...result.violations.map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? "unknown",
      nodes: v.nodes.length,
      where: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ").trim() ?? ""}`),
    })),
  ];
}
