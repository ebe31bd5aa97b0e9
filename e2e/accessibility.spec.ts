import { mkdirSync, writeFileSync } from "node:fs";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { MSG } from "../contract/messages";
import { scan, type Finding } from "./a11y/axe";
import { PUBLIC_SCREENS, WALKS } from "./a11y/plan";
import { scanCreateOverlay, visit } from "./a11y/walk";
import { expect, test } from "./fixtures";
import { login } from "./support";

// The walks are independent (each signs in once): spread them over the workers.
test.describe.configure({ mode: "parallel" });

/**
 * Every screen scanned with what it found, kept in .tmp/axe (or AXE_REPORT_DIR) for the per-screen counts a person
 * reads.
 */
const REPORT_DIR = process.env.AXE_REPORT_DIR ?? ".tmp/axe";
function keep(name: string, screens: string[], findings: Finding[]): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  const byScreen = screens.map((screen) => ({
    screen,
    findings: findings.filter((f) => f.screen === screen || f.screen.startsWith(`${screen} [`)),
  }));
  writeFileSync(`${REPORT_DIR}/${name}.json`, JSON.stringify(byScreen, null, 1));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A failure lists every finding of the walk, not just the first screen's. */
function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.screen}: ${f.rule} (${f.impact}, ${f.nodes})\n    ${f.where.join("\n    ")}`)
    .join("\n");
}

for (const theme of ["light", "dark"] as const) {
  test(`public screens pass axe WCAG 2.1 AA (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    test.setTimeout(60_000 + PUBLIC_SCREENS.length * 30_000);
    const findings: Finding[] = [];
    for (const path of PUBLIC_SCREENS) {
      // A full load each: these pages are small, and a client-side move would leave the last page's heading up.
      await page.goto(path);
      await expect(page.getByRole("heading").first()).toBeVisible({ timeout: 60_000 });
      findings.push(...(await scan(page, `${theme} ${path}`)));
    }
    keep(
      `public-${theme}`,
      PUBLIC_SCREENS.map((p) => `${theme} ${p}`),
      findings,
    );
    expect(findings, report(findings)).toEqual([]);
  });
}

for (const walk of WALKS) {
  test(`every ${walk.role} screen passes axe WCAG 2.1 AA, ${walk.theme} (${walk.username}, ${walk.screens.length} screens)`, async ({
    page,
  }) => {
    test.setTimeout(120_000 + walk.screens.length * 30_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, walk.theme]);
    await login(page, walk.username, walk.role);
    const findings: Finding[] = [];
    for (const { path, title } of walk.screens) {
      // The screen's title, Access Restricted where the account lacks the module, or the workspace home's greeting.
      await visit(page, path, new RegExp(`^(${escape(title)}|${escape(MSG.accessRestrictedTitle)}|Welcome back, .*)$`));
      const screen = `${walk.theme} ${path}`;
      findings.push(...(await scan(page, screen)));
      findings.push(...(await scanCreateOverlay(page, screen)));
    }
    keep(
      `${walk.username}-${walk.theme}`,
      walk.screens.map((s) => `${walk.theme} ${s.path}`),
      findings,
    );
    expect(findings, report(findings)).toEqual([]);
  });
}
