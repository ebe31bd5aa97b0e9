// The WhatsApp Cloud API stand-in in a process of its own, for the carriers bench: Meta is another machine, and in the
// server's process its HTTP work would compete with the server's for one event loop. Started with fork() (IPC); the
// parent sends { id, op, ...args } and gets { id, result }.
import { standInWaba, startWhatsAppStandIn, type StandInOptions } from "../../server/carriers/whatsapp-cloud/stand-in";

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
      waba.phoneNumbers.push(...o.phones.slice(1).map((id, i) => ({ id, display_phone_number: `+1 555-078-${String(4000 + i)}`, verified_name: "Bench Market", quality_rating: "GREEN" as const })));
      standIn = await startWhatsAppStandIn({ wabas: [waba], behaviour: o.behaviour });
      return standIn.url;
    }
    case "configureWebhook":
      return standIn?.configureWebhook(request.url ?? "", request.verifyToken ?? "");
    case "stats": {
      const ids = standIn?.state.accepted.map((a) => String(a.payload.biz_opaque_callback_data)) ?? [];
      const deliveries = standIn?.deliveries ?? [];
      return { accepted: ids.length, distinct: new Set(ids).size, deliveries: deliveries.length, refused: deliveries.filter((d) => d.status !== 200).length };
    }
    case "idle":
      return standIn?.idle();
    case "close":
      await standIn?.close();
      setImmediate(() => process.exit(0));
      return true;
  }
}

process.on("message", (request: Request) => {
  handle(request).then(
    (result) => process.send?.({ id: request.id, result }),
    (error: unknown) => process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
