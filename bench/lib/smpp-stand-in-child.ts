// The SMSC stand-in (server/carriers/smpp/stand-in) in a process of its own, for the carriers bench: an SMSC is
// another machine. Started with forkStandIn() (stand-in-ipc.ts).
import { startSmsc, type Smsc, type SmscUser } from "../../server/carriers/smpp/stand-in";
import { serveStandIn } from "./stand-in-ipc";

interface Request {
  id: number;
  op: "start" | "stats" | "close";
  users?: SmscUser[];
  receiptDelayMs?: number;
  throttlePerSecond?: number;
}

let smsc: Smsc | undefined;

serveStandIn(async (request: Request) => {
  switch (request.op) {
    case "start":
      smsc = await startSmsc({
        users: request.users ?? [],
        behaviour: { receiptDelayMs: request.receiptDelayMs ?? 200, throttlePerSecond: request.throttlePerSecond ?? 0 },
      });
      return smsc.port;
    case "stats":
      // One entry per submit_sm taken (each part of a long message would count: the bench's texts are one part).
      return {
        to: smsc?.submitted.map((s) => `+${s.to}`) ?? [],
        throttled: smsc?.throttled ?? 0,
        binds: smsc?.binds ?? 0,
      };
    case "close":
      await smsc?.close();
      setImmediate(() => process.exit(0));
      return true;
  }
});
