import { Writable } from "node:stream";
import Fastify from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { CALLS } from "../../contract/calls";
import { configFromEnv } from "../config";
import { ApiRequestLog, loggableUrl } from "../http/request-log";
import { createMailer, MAIL_NOT_CONFIGURED, mailAsText } from "../services/accounts/mailer";
import { freshDatabase } from "./harness";

/** A logger writing into an array, one parsed JSON object per line. */
function capture(level = "info") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

describe("request log", () => {
  it("writes one line per API request, nothing for the console's files, and no secrets", async () => {
    const { lines, logger } = capture();
    const app = Fastify({ loggerInstance: logger, logController: new ApiRequestLog() });
    app.get("/api/v1/things", async () => ({ ok: true }));
    app.post("/api/v1/auth/login", async (_req, reply) => reply.status(401).send({ success: false }));
    app.get("/assets/app.js", async () => "console.log(1)");
    app.get("/", async () => "<html>");
    await app.inject({
      method: "GET",
      url: "/api/v1/things?page=2&token=s3cr3t-token&apiKey=k3y",
      headers: { authorization: "Bearer t0ken" },
    });
    await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "a@b.c", password: "hunter22" } });
    await app.inject({ method: "GET", url: "/assets/app.js" });
    await app.inject({ method: "GET", url: "/" });
    await app.inject({ method: "GET", url: "/favicon.ico" });
    await app.close();

    const entries = lines.map(
      (l) => JSON.parse(l) as { msg: string; method?: string; url?: string; status?: number; ms?: number },
    );
    const requests = entries.filter((e) => e.method);
    expect(requests.map((e) => `${e.method} ${e.url} ${e.status}`)).toEqual([
      "GET /api/v1/things?page=2&token=[redacted]&apiKey=[redacted] 200",
      "POST /api/v1/auth/login 401",
    ]);
    expect(requests[0].msg).toMatch(
      /^GET \/api\/v1\/things\?page=2&token=\[redacted\]&apiKey=\[redacted\] 200 [\d.]+ ms$/,
    );
    expect(typeof requests[0].ms).toBe("number");
    expect(lines).toHaveLength(2);
    const all = lines.join("\n");
    for (const secret of ["s3cr3t-token", "k3y", "t0ken", "hunter22", "/assets/", "favicon"])
      expect(all).not.toContain(secret);
  });

  it("redacts a signed upload link's sig and a workflow hook's path secret", async () => {
    const { lines, logger } = capture();
    const app = Fastify({ loggerInstance: logger, logController: new ApiRequestLog() });
    app.get("/api/upload/file/:id", async () => "file");
    app.post(CALLS["workflows.hook"].path, async () => ({ success: true }));
    await app.inject({ method: "GET", url: "/api/upload/file/f1le?exp=1700000000&sig=5ecret5ig" });
    await app.inject({
      method: "POST",
      url: "/api/flow/v1/hooks/0b5e7c1e-1111-4222-8333-444455556666/h00k-5ecret",
      payload: {},
    });
    await app.close();
    const urls = lines.map((l) => (JSON.parse(l) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual([
      "/api/upload/file/f1le?exp=1700000000&sig=[redacted]",
      "/api/flow/v1/hooks/0b5e7c1e-1111-4222-8333-444455556666/[redacted]",
    ]);
    expect(lines.join("\n")).not.toMatch(/5ecret/);
  });

  it.each([
    ["/api/x", "/api/x"],
    ["/api/x?", "/api/x"],
    ["/api/reset?resetToken=abc&x=1", "/api/reset?resetToken=[redacted]&x=1"],
    ["/socket.io/?EIO=4&transport=polling&token=abc", "/socket.io/?EIO=4&transport=polling&token=[redacted]"],
  ])("%s is logged as %s", (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe("mail without SMTP_URL", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  const mail = {
    to: "user@example.com",
    subject: "Reset your password",
    body: "Hello,\n\nOpen http://localhost:8080/reset-password/abc to choose a new one.\n\nThanks",
  };

  it("is printed as readable text: From, To, Subject, a blank line, then the body's own lines", async () => {
    const { logger } = capture();
    const printed: string[] = [];
    await createMailer(database.db, logger, {
      smtpUrl: undefined,
      from: "Console <no-reply@localhost>",
      printBodies: true,
      print: (t) => printed.push(t),
    })(mail);
    expect(printed).toHaveLength(1);
    const lines = printed[0].split("\n");
    expect(lines).toContain("From: Console <no-reply@localhost>");
    expect(lines).toContain("To: user@example.com");
    expect(lines).toContain("Subject: Reset your password");
    expect(lines).toContain("Open http://localhost:8080/reset-password/abc to choose a new one.");
    expect(printed[0]).toContain("Subject: Reset your password\n\nHello,\n\nOpen");
    expect(printed[0]).toBe(mailAsText("Console <no-reply@localhost>", mail));
  });

  it("is not printed when the log is silenced", async () => {
    const { logger } = capture("warn");
    const printed: string[] = [];
    await createMailer(database.db, logger, {
      smtpUrl: undefined,
      from: "x@localhost",
      printBodies: true,
      print: (t) => printed.push(t),
    })(mail);
    expect(printed).toEqual([]);
  });

  it("with NODE_ENV=production says only that mail is not configured: no body, so no reset token, reaches the log", async () => {
    const production = configFromEnv({ NODE_ENV: "production", CREDENTIALS_KEY: "a".repeat(64) });
    expect(production.printMail).toBe(false);
    expect(configFromEnv({}).printMail).toBe(true);
    const { lines, logger } = capture();
    const printed: string[] = [];
    await createMailer(database.db, logger, {
      smtpUrl: undefined,
      from: "x@localhost",
      printBodies: production.printMail,
      print: (t) => printed.push(t),
    })(mail);
    expect(printed).toEqual([]);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([MAIL_NOT_CONFIGURED]);
    expect(lines.join("\n")).not.toContain("reset-password/abc");
    expect(MAIL_NOT_CONFIGURED).toMatch(/^mail not configured/);
  });
});
