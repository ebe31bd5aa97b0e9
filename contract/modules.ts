/** Module permissions of SPEC 6: they gate these workspace sidebar items and the calls behind them. */
export const MODULES = ["campaign", "template", "chat", "api", "agent"] as const;
export type ModuleName = (typeof MODULES)[number];

export function isModuleName(value: string): value is ModuleName {
  return (MODULES as readonly string[]).includes(value);
}

/** Modules a self-registered organization starts with (SPEC leaves it open; our choice). */
export const SELF_SIGNUP_MODULES: readonly ModuleName[] = ["campaign", "template", "chat"];
