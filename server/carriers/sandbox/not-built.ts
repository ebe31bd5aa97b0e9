/** A part of the sandbox that is not written yet fails loudly, never with a pretend success. */
export function notBuilt(what: string): never {
  throw new Error(`sandbox carrier: ${what} is not built yet`);
}
