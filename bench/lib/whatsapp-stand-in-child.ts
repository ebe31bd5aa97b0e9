// The WhatsApp Cloud API stand-in in a process of its own, for the carriers bench: Meta is another machine, and in the
// server's process its HTTP work would compete with the server's for one event loop. Started with forkStandIn()
// (bench/lib/carrier-bench.ts).
import { standInWaba, startWhatsAppStandIn, type StandInOptions } from "../../server/carriers/whatsapp-cloud/stand-in";
import { serveStandIn } from "./stand-in-ipc";

interface Request {
  id: number;
  op: "start" | "configureWebhook" | "stats" | "idle" | "close";
  options?: { wabaId: string; phones: string[]; behaviour: StandInOptions["behaviour"] };
  url?: string;
  verifyToken?: string;
}

let standIn: Awaited<ReturnType<typeof startWhatsAppStandIn>> | undefined;

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case "start": {
      const o = request.options;
      if (!o) throw new Error("start needs options");
      const waba = standInWaba(o.wabaId, o.phones[0], "+1 555-078-3881", "Bench Market");
      waba.phoneNumbers.push(
        ...o.phones.slice(1).map((id, i) => ({
          id,
          display_phone_number: `+1 555-078-${String(4000 + i)}`,
          verified_name: "Bench Market",
          quality_rating: "GREEN" as const,
        })),
      );
      standIn = await startWhatsAppStandIn({ wabas: [waba], behaviour: o.behaviour });
      return standIn.url;
    }
    case "configureWebhook":
      return standIn?.configureWebhook(request.url ?? "", request.verifyToken ?? "");
    case "stats": {
      // One entry per accepted send: the recipient it went to (counted per recipient by the run).
      const to = standIn?.state.accepted.map((a) => `+${a.to}`) ?? [];
      const deliveries = standIn?.deliveries ?? [];
      return { to, deliveries: deliveries.length, refused: deliveries.filter((d) => d.status !== 200).length };
    }
    case "idle":
      return standIn?.idle();
    case "close":
      await standIn?.close();
      setImmediate(() => process.exit(0));
      return true;
  }
}

serveStandIn(handle);
