import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";

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

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /**
   * Without SMTP_URL, print each mail whole (a developer follows its reset link). Off in production: a printed mail
   * carries a live reset token into whatever collects the log, so only "mail not configured" is printed.
   */
  printBodies: boolean;
  print?: (text: string) => void;
}

/** What is logged instead of a mail when none can be sent and its body must not be printed. */
export const MAIL_NOT_CONFIGURED = "mail not configured (SMTP_URL is not set): not sent, kept in the mail_outbox table";

/**
 * Every mail is written to the outbox table first. Without SMTP_URL (the embedded default) it is also printed as
 * plain text beside the log, so a person running the product locally can read it and follow a reset link (inside a
 * JSON log line it was one escaped string); with SMTP_URL it is sent and marked sent.
 */
export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  { smtpUrl, from, printBodies, print = toStdout }: MailerOptions,
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
      if (!printBodies) {
        log.warn({ to: mail.to, subject: mail.subject }, MAIL_NOT_CONFIGURED);
        return;
      }
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
