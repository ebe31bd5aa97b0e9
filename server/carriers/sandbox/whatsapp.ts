import type { WabaConnection, WhatsAppPhoneNumber } from "../carrier";
import type { SandboxContext } from "./context";
import { draw, drawInt } from "./random";

// A made-up WhatsApp Business Account per account: the same account always gets the same WABA and numbers (even
// after a restart or on another server), so connecting twice finds the one already stored.

const digits = (seed: string, key: string, count: number): string =>
  Array.from({ length: count }, (_, i) => String(drawInt(seed, `${key}:${i}`, 0, 9))).join("");

function quality(seed: string, key: string): WhatsAppPhoneNumber["qualityRating"] {
  // Mostly healthy numbers, as on a real portfolio; the console still gets to show the other colours.
  const r = draw(seed, key);
  return r < 0.7 ? "GREEN" : r < 0.9 ? "YELLOW" : "RED";
}

/** The connection the sandbox gives `accountId`: pure, so the demo seed can name the same numbers. */
export function sandboxWabaFor(seed: string, accountId: string): WabaConnection {
  const key = `waba:${accountId}`;
  const tag = digits(seed, `${key}:tag`, 4);
  const count = drawInt(seed, `${key}:numbers`, 1, 2);
  const phoneNumbers = Array.from({ length: count }, (_, i): WhatsAppPhoneNumber => {
    const local = `9${digits(seed, `${key}:phone:${i}`, 9)}`;
    return {
      id: `1${digits(seed, `${key}:phone-id:${i}`, 14)}`,
      displayPhoneNumber: `+91 ${local.slice(0, 5)} ${local.slice(5)}`,
      verifiedName: `Sandbox Business ${tag}`,
      qualityRating: quality(seed, `${key}:quality:${i}`),
    };
  });
  return { wabaId: `2${digits(seed, `${key}:id`, 14)}`, name: `Sandbox WABA ${tag}`, phoneNumbers };
}

export async function sandboxOnboardWhatsApp(
  ctx: SandboxContext,
  request: { accountId: string; code?: string },
): Promise<WabaConnection> {
  return sandboxWabaFor(ctx.config.seed, request.accountId);
}
