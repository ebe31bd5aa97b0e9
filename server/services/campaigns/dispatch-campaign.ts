import { eq } from "drizzle-orm";
import type { Carrier, Channel, SenderProfile } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { campaigns, rcsTemplates, smsAccounts, smsTemplates, whatsappTemplates } from "../../db/schema";
import type { CampaignTemplate } from "./dispatch-content";
import { loadFailoverPlan, type FailoverPlan } from "./dispatch-failover";

/** What sending needs of a campaign, read once per campaign (template, sender, where replies arrive). */
export interface DispatchCampaign {
  id: string;
  userId: string;
  channel: Channel;
  template: CampaignTemplate;
  variables: string[];
  /** The carrier's sender: WhatsApp phone number id, SMS header, RCS bot. */
  from: string;
  replyTo?: string;
  /** WhatsApp campaigns with SMS failover: the SMS template, sender and conditions. */
  failover?: FailoverPlan;
  /** How the channel serving `from` is sent through: idempotency keys or not, its messages per second. */
  profile: SenderProfile;
  /** The same for the failover's SMS sender. */
  failoverProfile?: SenderProfile;
}

/** A sender's profile as the carrier states it; a carrier without describeSender is the same for every sender. */
export async function profileOf(carrier: Carrier, channel: Channel, from: string): Promise<SenderProfile> {
  return carrier.describeSender ? carrier.describeSender({ channel, from }) : { idempotentSends: carrier.idempotentSends };
}

/** What sending needs of a campaign, with the profiles of its senders. */
export async function loadDispatchCampaignFor(db: Db, carrier: Carrier, id: string): Promise<DispatchCampaign | undefined> {
  const c = await loadDispatchCampaign(db, id);
  if (!c) return undefined;
  const profile = await profileOf(carrier, c.channel, c.from);
  const failoverProfile = c.failover ? await profileOf(carrier, "sms", c.failover.from) : undefined;
  return { ...c, profile, ...(failoverProfile ? { failoverProfile } : {}) };
}

type Loaded = Omit<DispatchCampaign, "profile" | "failoverProfile">;

export async function loadDispatchCampaign(db: Db, id: string): Promise<Loaded | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) return undefined;
  const base = { id: row.id, userId: row.userId, channel: row.channel, variables: row.variables };
  if (row.channel === "whatsapp") {
    const [t] = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, row.templateId));
    if (!t) return undefined;
    const failover = await loadFailoverPlan(db, row.failover ?? null);
    return { ...base, template: { channel: "whatsapp", name: t.name, language: t.language, category: t.category, components: t.components }, from: row.sender ?? row.wabaId ?? "", ...(failover ? { failover } : {}) };
  }
  if (row.channel === "sms") {
    const [t] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, row.templateId));
    if (!t) return undefined;
    const [account] = await db.select({ replyNumber: smsAccounts.replyNumber }).from(smsAccounts).where(eq(smsAccounts.id, t.smsAccountId));
    return { ...base, template: { channel: "sms", body: t.body }, from: row.sender ?? t.senderId, ...(account?.replyNumber ? { replyTo: account.replyNumber } : {}) };
  }
  const [t] = await db.select().from(rcsTemplates).where(eq(rcsTemplates.id, row.templateId));
  if (!t) return undefined;
  return { ...base, template: { channel: "rcs", draft: t.draft }, from: row.sender ?? row.botId ?? t.botId };
}
