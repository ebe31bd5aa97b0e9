import type { Writable } from "node:stream";
import type { DestinationStream } from "pino";

/**
 * Where log lines go. On a terminal (`npm start` in a shell) pino-pretty writes each as a line a person reads
 * ("[14:02:11] INFO: ready: ..."); anywhere else (Docker, Kubernetes, a pipe into a log collector) stdout gets pino's
 * JSON lines unchanged, so collectors keep their fields. pino-pretty is loaded only on a terminal, and writes
 * synchronously there, as pino does to stdout by default.
 */
export async function logDestination(
  terminal: boolean = process.stdout.isTTY === true,
  destination: number | Writable = 1,
): Promise<DestinationStream | undefined> {
  if (!terminal) return undefined;
  const { default: pretty } = await import("pino-pretty");
  return pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", sync: true, destination });
}
