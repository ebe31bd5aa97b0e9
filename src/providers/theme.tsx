import { ConfigProvider, theme as antTheme, type ThemeConfig } from "antd";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { THEME_STORAGE_KEY } from "../../contract";

export type ThemeMode = "light" | "dark";

interface ThemeContextValue {
  theme: ThemeMode;
  toggle: () => void;
  setTheme: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** SPEC 4/9: light or dark, stored locally under 'vite-ui-theme', default light. */
export function readStoredTheme(): ThemeMode {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Brand tokens shared by both modes; the algorithm derives the rest. */
const TOKENS = {
  colorPrimary: "#2563eb",
  borderRadius: 8,
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
} as const;

/**
 * Colours each mode needs to meet WCAG 2.1 AA: text at least 4.5:1 on every surface it sits on (page, layout grey,
 * cards, popups, the selected menu item), and a focus ring at least 3:1 against its surroundings. antd's defaults miss
 * it for secondary text (#8c8c8c, 3.36:1 on white), links (#1677ff, 4.1:1), and in dark mode for text in the primary
 * colour (#2257cb, 2.9:1 on #141414). One place for them: the tokens below and the CSS variables in styles.css.
 */
export const ACCESSIBLE_COLORS = {
  light: {
    /** Secondary text and antd's "description" text: 5.3:1 on white, 5.2:1 on the layout grey. */
    textTertiary: "rgba(0, 0, 0, 0.58)",
    /** Links in the brand blue (5.2:1 on white) instead of antd's lighter info blue. */
    link: "#2563eb",
    /** Text in the primary colour on the selected menu item, tabs and pagination. */
    primaryText: "#2563eb",
    /** Focus rings: 2px of the brand blue, 5.2:1 on white, 4.7:1 on the layout grey. */
    focusRing: "#2563eb",
    /**
     * Error text and danger buttons' fill: 4.8:1 on white (antd's #ff4d4f is 3.3:1); also the focus ring of a field in
     * error.
     */
    error: "#dc2626",
    /** The focus ring of a field with a warning: 5.4:1 on white. */
    warningRing: "#ad4e00",
  },
  dark: {
    /** 6.2:1 on #141414, 5.9:1 on the popup grey. */
    textTertiary: "rgba(255, 255, 255, 0.55)",
    /** A seed: the dark algorithm derives #6b91dc from it, 5.9:1 on #141414 and 5.3:1 on #1f1f1f. */
    link: "#7aa7ff",
    /** Text in the primary colour (selected menu item, active tab): 7.8:1 on the selected item's #192c55. */
    primaryText: "#a8c3ff",
    /** 8.8:1 on #141414, 6.6:1 on the selected item's #192c55. */
    focusRing: "#8fb3ff",
    /** A seed: the dark algorithm derives #dc5e5e from it, 5.1:1 on #141414 and 4.6:1 on #1f1f1f. */
    error: "#ff6b6b",
    warningRing: "#d89614",
  },
} as const satisfies Record<ThemeMode, Record<string, string>>;

/**
 * Tags print their text in a palette's 7th step on its 1st: under 4.5:1 in light mode for orange, gold, yellow, lime,
 * green and cyan (2.1 to 3.4:1), and a status tag's text is the status colour itself (success 2.2:1). Darker steps of
 * the same palettes (8th, 9th for the yellows), and darker status text, for tags only.
 */
const TAG_TEXT: Record<ThemeMode, Record<string, string>> = {
  light: {
    volcano7: "#ad2102",
    orange7: "#ad4e00",
    gold7: "#874d00",
    yellow7: "#876800",
    lime7: "#3f6600",
    green7: "#237804",
    cyan7: "#006d75",
    colorSuccess: "#237804",
    colorWarning: "#ad4e00",
    colorError: "#b91c1c",
    colorInfo: "#1d4ed8",
  },
  // The dark palettes pass except purple and geekblue (3.4 and 4.2:1 on their dark backgrounds), and the status
  // colours error and info (processing).
  dark: { purple7: "#ab7ae0", geekblue7: "#8199ef", colorInfo: "#6b91dc", colorError: "#e86e6b" },
};

function themeConfig(mode: ThemeMode): ThemeConfig {
  const c = ACCESSIBLE_COLORS[mode];
  return {
    algorithm: mode === "dark" ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      ...TOKENS,
      colorTextTertiary: c.textTertiary,
      colorTextDescription: c.textTertiary,
      // A select's placeholder is text on the page (a span, not an input's attribute): the quaternary grey it takes by
      // default reads 2.2:1 on the dark background (a multiple select's "Add a label").
      colorTextPlaceholder: c.textTertiary,
      colorLink: c.link,
      colorError: c.error,
      // Success and warning text (Typography type="success"/"warning") in the status hue, dark enough to read.
      ...(mode === "light" ? { colorSuccessText: "#237804", colorWarningText: "#ad4e00" } : {}),
      // antd draws focus outlines with colorPrimaryBorder at lineWidthFocus, and an input's, select's or date
      // field's focus ring as a controlOutlineWidth shadow in controlOutline (a 10% tint by default: invisible).
      colorPrimaryBorder: c.focusRing,
      lineWidthFocus: 2,
      controlOutline: c.focusRing,
      controlOutlineWidth: 2,
      // A field in error or warning draws its ring in these (a 6% tint by default: invisible).
      colorErrorOutline: c.error,
      colorWarningOutline: c.warningRing,
    },
    components: {
      Menu: { itemSelectedColor: c.primaryText, subMenuItemSelectedColor: c.primaryText },
      Tabs: { itemSelectedColor: c.primaryText, itemActiveColor: c.primaryText },
      Tag: TAG_TEXT[mode],
      // An unchecked switch prints its "off" text in white on the quaternary grey (#bfbfbf, 1.8:1): a darker track.
      ...(mode === "light"
        ? { Switch: { colorTextQuaternary: "rgba(0, 0, 0, 0.55)", colorTextTertiary: "rgba(0, 0, 0, 0.65)" } }
        : {}),
    },
  };
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readStoredTheme);

  useEffect(() => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
    // Lets plain CSS (index.html background, scrollbars) follow the theme without a flash.
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    document.documentElement.style.setProperty("--app-focus-ring", ACCESSIBLE_COLORS[mode].focusRing);
    document.documentElement.style.setProperty("--app-primary-text", ACCESSIBLE_COLORS[mode].primaryText);
  }, [mode]);

  const toggle = useCallback(() => setMode((m) => (m === "dark" ? "light" : "dark")), []);
  const value = useMemo(() => ({ theme: mode, toggle, setTheme: setMode }), [mode, toggle]);
  const config = useMemo(() => themeConfig(mode), [mode]);

  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error("useTheme must be used inside <ThemeProvider>");
  return ctx;
}
