/** SPEC 4: a session is expired when the current time in seconds is at or past expiresAt. */
export function isExpired(nowS: number, expiresAt: number): boolean {
  return nowS >= expiresAt;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
