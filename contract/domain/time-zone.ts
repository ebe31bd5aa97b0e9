// Time zones are IANA names ("Asia/Kolkata", "UTC"), checked against what this runtime's Intl knows, so a zone the
// server accepts is one it can compute with. Abbreviations are refused although Intl takes some of them: "IST" is
// India's, Israel's or Ireland's depending on who reads it. India's is everyone's until they pick another.

/** The zone an account shows its dates in, and schedules in, until its owner picks another. */
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

const IANA_NAME = /^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;

export function isTimeZone(zone: string): boolean {
  if (!IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const canonical = (zone: string) => new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;

/**
 * Every zone this runtime knows, `first` at the top (the person's own, for pickers), without its aliases: V8 lists
 * India's as "Asia/Calcutta", which must not show again below "Asia/Kolkata".
 */
export function timeZoneList(first: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [DEFAULT_TIME_ZONE, "UTC"];
  const same = canonical(first);
  return [first, ...all.filter((z) => z !== first && canonical(z) !== same)];
}
