// Phone numbers with fixed behaviour on the sandbox carrier, so testers (and e2e specs) can aim at an outcome instead
// of hoping the seeded rates hand it to them. The table in docs/sandbox-carrier.md mirrors this one (a test checks).
import { parsePhoneNumberFromString } from "libphonenumber-js";

export type SandboxNumberBehaviour =
  | "always-delivered"
  | "not-on-whatsapp"
  | "not-rcs-capable"
  | "rcs-not-launched"
  | "always-fails"
  | "always-read"
  | "always-replies"
  | "never-confirmed";

export interface SandboxNumberRange {
  /** Every E.164 number of this prefix plus one more digit (ten numbers) behaves the same. */
  prefix: string;
  behaviour: SandboxNumberBehaviour;
  /** What the tester sees, in docs/sandbox-carrier.md's words. */
  effect: string;
}

export const SANDBOX_NUMBERS: readonly SandboxNumberRange[] = [
  {
    prefix: "+91900000000",
    behaviour: "always-delivered",
    effect: "every channel: sent, then delivered; never read, never a reply",
  },
  {
    prefix: "+91900000001",
    behaviour: "not-on-whatsapp",
    effect:
      "WhatsApp send refused with 131026 (Message undeliverable); WhatsApp capability: not-on-channel; other channels: delivered",
  },
  {
    prefix: "+91900000002",
    behaviour: "not-rcs-capable",
    effect: "RCS send refused with 404 (NOT_FOUND); RCS capability: not-on-channel; other channels: delivered",
  },
  {
    prefix: "+91900000003",
    behaviour: "rcs-not-launched",
    effect:
      "RCS send refused with 403 (PERMISSION_DENIED); RCS capability: not-launched-on-carrier; other channels: delivered",
  },
  {
    prefix: "+91900000004",
    behaviour: "always-fails",
    effect: "every channel: sent, then a failed receipt with one of the channel's error codes",
  },
  {
    prefix: "+91900000005",
    behaviour: "always-read",
    effect: "delivered, then read (SMS: delivered only); never a reply",
  },
  { prefix: "+91900000006", behaviour: "always-replies", effect: "delivered, read (not SMS), then an inbound reply" },
  {
    prefix: "+91900000007",
    behaviour: "never-confirmed",
    effect: "sent, then nothing: no delivered or failed receipt ever",
  },
];

/** "+91 90000 0001x": how people write the range (and how docs/sandbox-carrier.md lists it). */
export function sandboxNumberLabel(range: SandboxNumberRange): string {
  const national = range.prefix.slice(3);
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}x`;
}

/** E.164 form of a phone number written any usual way, Indian when it has no country code; undefined if invalid. */
export function toE164(raw: string, defaultRegion: "IN" = "IN"): string | undefined {
  const parsed = parsePhoneNumberFromString(raw, defaultRegion);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The special behaviour of a number (any usual spelling), or undefined for an ordinary one. */
export function sandboxNumberBehaviour(raw: string): SandboxNumberBehaviour | undefined {
  const e164 = toE164(raw);
  return e164 ? behaviourOfE164(e164) : undefined;
}

/** sandboxNumberBehaviour of a number already in E.164 (parsing one costs more than the rest of a sandbox send). */
export function behaviourOfE164(e164: string): SandboxNumberBehaviour | undefined {
  return SANDBOX_NUMBERS.find((range) => e164.length === range.prefix.length + 1 && e164.startsWith(range.prefix))
    ?.behaviour;
}
