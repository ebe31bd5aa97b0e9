import type { Page } from "@playwright/test";

/** What a person sees of the focused element's ring. */
export interface FocusStop {
  /** Tag, accessible name or text, enough to find the element in a failure message. */
  name: string;
  /** "outline" or "box-shadow", or null when the element draws no ring. */
  ring: string | null;
  /** Contrast of the ring against what surrounds it (1 when there is no ring). */
  contrast: number;
}

/**
 * Reads the focused element's ring in the page. The ring may be drawn by the element or by the control that wraps it
 * tightly (antd draws an input's ring on its affix wrapper, a select's on its selector): the nearest of the element
 * and its close-fitting ancestors with an outline, or a zero-offset spread shadow, counts. Its colour is composited
 * over the first opaque background behind it, then compared by WCAG's contrast ratio.
 */
export function readFocusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = "1"] = m[1].split(/[ ,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const lum = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const backdrop = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let n = from; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c && c[3] > 0) layers.push(c);
        if (c && c[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const ringOf = (n: HTMLElement): { kind: string; color: Rgba } | null => {
      const cs = getComputedStyle(n);
      if (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1) {
        const color = parse(cs.outlineColor);
        if (color && color[3] > 0) return { kind: "outline", color };
      }
      // A ring drawn as a shadow: outside the box, no offset, no blur, a spread of at least 1px ("rgb(...) 0px 0px
      // 0px 2px"). An inset one is a fill (Chrome's autofill background), not a ring.
      for (const part of cs.boxShadow.split(/,(?![^(]*\))/)) {
        if (part.includes("inset")) continue;
        const color = parse(part);
        const lengths = part
          .replace(/rgba?\([^)]*\)/, "")
          .trim()
          .split(/\s+/)
          .map(parseFloat);
        if (color && color[3] > 0 && lengths.length >= 4 && lengths[0] === 0 && lengths[1] === 0 && lengths[3] >= 1)
          return { kind: "box-shadow", color };
      }
      return null;
    };
    const box = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.innerText || el.getAttribute("placeholder") || el.id || el.className).trim().slice(0, 40)}"`;
    let node: HTMLElement | null = el;
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const r = node.getBoundingClientRect();
      if (depth > 0 && (r.width - box.width > 96 || r.height - box.height > 24)) break;
      const ring = ringOf(node);
      if (!ring) continue;
      const bg = backdrop(node.parentElement);
      const fg = over(ring.color, bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      return { name, ring: ring.kind, contrast: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100 };
    }
    return { name, ring: null, contrast: 1 };
  });
}

/**
 * Tabs from where focus is until it leaves the page or comes back to a stop it has seen (a dialog traps focus), or
 * `max` stops, reading each stop's ring.
 */
export async function tabThrough(page: Page, max: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    // Rings drawn with a transition are read once it has ended.
    await page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, { timeout: 5_000 })
      .catch(() => undefined);
    const key = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "body";
      // antd's dialogs trap focus with zero-size sentinels that hand focus straight on: not a stop a person sees.
      if (el.hasAttribute("data-sentinel")) return "sentinel";
      const path: string[] = [];
      for (let n: Element | null = el; n && n !== document.body; n = n.parentElement)
        path.push(`${n.tagName}:${Array.prototype.indexOf.call(n.parentElement?.children ?? [], n)}`);
      return path.join("<");
    });
    if (key === "sentinel") continue;
    if (key === "body" || seen.has(key)) break;
    seen.add(key);
    let stop = await readFocusStop(page);
    // A ring that fades in may still be on its way when a loaded machine reads it: one more look, a moment later.
    if (stop && stop.contrast < 3) {
      await page.waitForTimeout(500);
      stop = await readFocusStop(page);
    }
    if (stop) stops.push(stop);
  }
  return stops;
}
