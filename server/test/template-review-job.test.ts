import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID_DRAFT } from "../../contract/domain/whatsapp-template.cases";
import { TEMPLATE_STATUS_EVENT, type WhatsAppTemplateRecord } from "../../contract/domain/whatsapp-template-events";
import type { Database } from "../db/client";
import { whatsappTemplates } from "../db/schema";
import { freshDatabase } from "./harness";
import { addWaba, templateForm, templateServer, type TemplateServer } from "./whatsapp-template-server";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.close());

const WABA = "waba-job";
const statusOf = async (name: string) =>
  (await database.db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, name)))[0];

async function submit(
  server: TemplateServer,
  name: string,
  body = "Your order {{1}} has shipped and will arrive soon.",
) {
  const components = [{ type: "BODY", text: body, example: { body_text: [["#1042"]] } }];
  const res = await server.call({
    method: "POST",
    url: "/api/waba/create-template",
    as: "manager",
    payload: templateForm({ waba_id: WABA, ...VALID_DRAFT, name, components }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as WhatsAppTemplateRecord;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("template review job", () => {
  it("takes a PENDING template to its verdict after the review delay and pushes it to the owner's sockets", async () => {
    const server = await templateServer(database, 20);
    try {
      await addWaba(database, await server.id("manager"), WABA);
      await server.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = server.app.server.address() as AddressInfo;
      const socket = connect(`http://127.0.0.1:${port}`, {
        transports: ["websocket"],
        auth: { token: await server.token("manager") },
      });
      const pushed: WhatsAppTemplateRecord[] = [];
      socket.on(TEMPLATE_STATUS_EVENT, (record: WhatsAppTemplateRecord) => pushed.push(record));
      await new Promise<void>((resolve, reject) => socket.on("connect", resolve).on("connect_error", reject));

      const created = await submit(server, "job_approved");
      const rejected = await submit(server, "job_rejected", "{{1}} is the number of your order this week.");
      const recategorised = await submit(
        server,
        "job_recategorised",
        "Your order {{1}} shipped; enjoy 20% off with this coupon today.",
      );
      expect(created.status).toBe("PENDING");

      const row = await until(
        () => statusOf("job_approved"),
        (r) => r.status !== "PENDING",
      );
      expect(row).toMatchObject({ status: "APPROVED", category: "UTILITY", reason: null });
      await until(
        () => statusOf("job_recategorised"),
        (r) => r.status !== "PENDING",
      );
      await until(
        async () => pushed.length,
        (n) => n >= 3,
      );
      const byName = Object.fromEntries(pushed.map((r) => [r.name, r]));
      expect(byName.job_approved).toMatchObject({ id: created.id, status: "APPROVED", category: "UTILITY" });
      expect(byName.job_rejected).toMatchObject({
        id: rejected.id,
        status: "REJECTED",
        rejected_reason: "INVALID_FORMAT: the body can't start or end with a variable.",
      });
      expect(byName.job_recategorised).toMatchObject({
        id: recategorised.id,
        status: "APPROVED",
        category: "MARKETING",
        previous_category: "UTILITY",
      });
      expect((await statusOf("job_rejected")).nextCheckAt).toBeNull();
      socket.close();
    } finally {
      await server.app.close();
    }
  });

  it("keeps watching approved templates: one of the seeded share is paused later, with a reason", async () => {
    const server = await templateServer(database, 20);
    try {
      // With seed "watpl" this name falls in the sandbox's paused share (docs/sandbox-carrier.md "Template review").
      await submit(server, "job_restart");
      const row = await until(
        () => statusOf("job_restart"),
        (r) => r.status === "PAUSED",
        8000,
      );
      expect(row).toMatchObject({
        status: "PAUSED",
        reason: "Paused: recipients reported or blocked this template too often.",
      });
      expect(row.nextCheckAt).not.toBeNull();
    } finally {
      await server.app.close();
    }
  });

  it("survives a restart: a template PENDING when the server stopped is reviewed by the next one", async () => {
    // The first server's loop is slow: it never gets to look at the template before it closes.
    const first = await templateServer(database, 600_000);
    const created = await submit(first, "job_restarted");
    await new Promise((r) => setTimeout(r, 100));
    expect((await statusOf("job_restarted")).status).toBe("PENDING");
    await first.app.close();

    const second = await templateServer(database, 20);
    try {
      const row = await until(
        () => statusOf("job_restarted"),
        (r) => r.status !== "PENDING",
      );
      expect(row).toMatchObject({ id: created.id, status: "APPROVED" });
    } finally {
      await second.app.close();
    }
  });

  it("never processes a row twice when two loops tick at once (FOR UPDATE SKIP LOCKED and the lease)", async () => {
    const server = await templateServer(database, 600_000);
    const peer = await templateServer(database, 600_000);
    try {
      const calls: string[] = [];
      for (const carrier of [server.carrier, peer.carrier]) {
        const original = carrier.templateStatus;
        carrier.templateStatus = async (ref) => {
          calls.push(ref.submission.name);
          return original(ref);
        };
      }
      await submit(server, "job_once");
      await new Promise((r) => setTimeout(r, 80));
      const [a, b] = await Promise.all([
        server.app.jobs.get("template-review")?.tick(),
        peer.app.jobs.get("template-review")?.tick(),
      ]);
      expect((a ?? 0) + (b ?? 0)).toBe(calls.length);
      expect(calls.filter((n) => n === "job_once")).toEqual(["job_once"]);
      expect((await statusOf("job_once")).status).toBe("APPROVED");
    } finally {
      await peer.app.close();
      await server.app.close();
    }
  });
});
