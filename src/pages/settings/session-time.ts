/** "1 h 5 min" until expiry; the session check itself lives in src/security. */
export function remaining(expiresAtS: number, nowMs: number): string {
  const s = Math.max(0, Math.floor(expiresAtS - nowMs / 1000));
  if (s === 0) return "Expired";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min` : "Less than a minute";
}
