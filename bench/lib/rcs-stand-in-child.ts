// Google's RBM API stand-in (server/carriers/rcs/stand-in) in a process of its own, for the carriers bench: Google is
// another machine. Started with forkStandIn() (stand-in-ipc.ts). Every number the run names is RCS-capable and every
// accepted message is DELIVERED at once through the channel's signed webhook.
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../../server/carriers/rcs/stand-in";
import { serveStandIn } from "./stand-in-ipc";

interface Request {
  id: number;
  op: "start" | "capable" | "webhook" | "stats" | "close";
  agentId?: string;
  clientToken?: string;
  numbers?: string[];
  url?: string;
}

let google: RbmStandIn | undefined;

serveStandIn(async (request: Request) => {
  switch (request.op) {
    case "start": {
      const key = makeServiceAccountKey();
      google = await startRbmStandIn({ key, agentId: request.agentId ?? "", clientToken: request.clientToken ?? "" });
      google.behaviour.autoDeliver = true;
      return { url: google.url, tokenUrl: google.tokenUrl, key: key.json };
    }
    case "capable":
      for (const n of request.numbers ?? []) google?.behaviour.capable.add(n);
      return true;
    case "webhook":
      if (google) google.webhookUrl = request.url ?? "";
      return true;
    case "stats":
      // One entry per agentMessages.create accepted (a second create of the same id is refused 409, not stored).
      return { to: [...(google?.messages.values() ?? [])].map((m) => m.phone), grants: google?.grants ?? 0 };
    case "close":
      await google?.close();
      setImmediate(() => process.exit(0));
      return true;
  }
});
