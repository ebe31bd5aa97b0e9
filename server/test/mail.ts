import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { mailOutbox } from "../db/schema";
import type { TestServer } from "./harness";

/** Mail sent to an address (the embedded default keeps every mail in mail_outbox). */
export const mailsTo = (server: TestServer, to: string) =>
  server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The body of the newest mail to an address, waited for: reset and confirmation mail are sent after the answer. */
export const lastMailTo = (server: TestServer, to: string) =>
  vi.waitFor(async () => {
    const mails = await mailsTo(server, to);
    if (mails.length === 0) throw new Error(`no mail to ${to} yet`);
    return mails[mails.length - 1].body;
  });

/** The token of a link in a mail body (`…/reset-password?token=…`, `…/confirm-email?token=…`). */
export const tokenIn = (body: string, page = "[\\w-]+") =>
  new RegExp(`/${page}\\?token=([\\w-]+)`).exec(body)?.[1] ?? "";
