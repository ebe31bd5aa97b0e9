/**
 * Brand facts are deployment configuration (a white-label console), read once from Vite's env.
 * Defaults keep a fresh checkout presentable.
 */
function env(name: string): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() ? value.trim() : undefined;
}

export const BRAND = {
  name: env("VITE_BRAND_NAME") ?? "Messaging Console",
  company: env("VITE_BRAND_COMPANY") ?? env("VITE_BRAND_NAME") ?? "Messaging Console",
  privacyUrl: env("VITE_PRIVACY_URL") ?? "/privacy-policy",
  poweredByLabel: env("VITE_POWERED_BY_LABEL") ?? "Messaging Console Cloud Gateway",
  poweredByUrl: env("VITE_POWERED_BY_URL") ?? "/",
  /** When set, Support and Feedback open these pages instead of the built-in dialog. */
  supportUrl: env("VITE_SUPPORT_URL"),
  feedbackUrl: env("VITE_FEEDBACK_URL"),
} as const;
