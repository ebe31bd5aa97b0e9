import { createHash } from "node:crypto";

/**
 * A number in [0, 1) decided by the seed and a key (a message id plus what is being decided). Stateless on purpose:
 * the sandbox gives the same answer for the same thing after a restart, and tests can predict it.
 */
export function draw(seed: string, key: string): number {
  const digest = createHash("sha256").update(`${seed}\u0000${key}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** An integer in [min, max], decided like draw(). */
export function drawInt(seed: string, key: string, min: number, max: number): number {
  return min + Math.floor(draw(seed, key) * (max - min + 1));
}
