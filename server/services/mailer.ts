import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * Every mail is written to the outbox table first. Without SMTP_URL (the embedded default) it is also logged,
 * so a person running the product locally can follow a reset link; with SMTP_URL it is sent and marked sent.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl: string | undefined, from: string): SendMail {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return async (mail) => {
    const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    if (!transport) {
      log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL set, not sent):\n${mail.body}`);
      return;
    }
    try {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      // The reply to the person does not depend on the mail server; the outbox row stays unsent for a retry.
      log.error({ err, to: mail.to }, "mail could not be sent");
    }
  };
}
