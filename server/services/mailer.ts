import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** A mail as a person reads it in a terminal: headers, a blank line, the body's own lines. */
export function mailAsText(from: string, mail: Mail): string {
  return [
    "----- mail (not sent: SMTP_URL is not set) -----",
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    "",
    ...mail.body.split(/\r?\n/),
    "----- end of mail -----",
    "",
  ].join("\n");
}

const toStdout = (text: string) => {
  process.stdout.write(text);
};

/**
 * Every mail is written to the outbox table first. Without SMTP_URL (the embedded default) it is also printed as
 * plain text beside the log, so a person running the product locally can read it and follow a reset link (inside a
 * JSON log line it was one escaped string); with SMTP_URL it is sent and marked sent.
 */
export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl: string | undefined,
  from: string,
  print: (text: string) => void = toStdout,
): SendMail {
  // nodemailer is loaded only where mail is really sent (SMTP_URL), on the first mail.
  const transport = smtpUrl ? import("nodemailer").then((m) => m.default.createTransport(smtpUrl)) : null;
  // A failure to load it surfaces at that mail (logged, the row stays unsent), not as an unhandled rejection now.
  transport?.catch(() => undefined);
  // A silenced logger (tests, LOG_LEVEL above info) silences the printed mails too.
  const printing = ["trace", "debug", "info"].includes(log.level);
  return async (mail) => {
    const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    if (!transport) {
      log.info({ to: mail.to, subject: mail.subject }, "mail kept in mail_outbox (no SMTP_URL), printed below");
      if (printing) print(mailAsText(from, mail));
      return;
    }
    try {
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      // The reply to the person does not depend on the mail server; the outbox row stays unsent for a retry.
      log.error({ err, to: mail.to }, "mail could not be sent");
    }
  };
}
