// Picks the carrier adapter. Only the sandbox exists so far; real adapters (issue "Real carrier adapters") add a
// case here and files beside sandbox/.
import type { Carrier } from "./carrier";
import { createSandboxCarrier } from "./sandbox";

export type { Carrier } from "./carrier";

export function createCarrier(name: string = process.env.CARRIER ?? "sandbox"): Carrier {
  if (name === "sandbox") return createSandboxCarrier();
  throw new Error(`CARRIER=${name}: unknown carrier (known: sandbox)`);
}
