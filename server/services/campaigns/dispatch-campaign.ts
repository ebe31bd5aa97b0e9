import { eq } from "drizzle-orm";
import type { Carrier, Channel, SenderProfile } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { campaigns, rcsBots, rcsTemplates, smsAccounts, smsTemplates, whatsappTemplates } from "../../db/schema";
import type { CampaignTemplate } from "./dispatch-content";
import type { Storage } from "../../storage";
import { loadFailoverPlan, type FailoverPlan } from "./dispatch-failover";
import type { LinkContext } from "../links/tracked";
import { variableCount } from "../../../contract/domain/whatsapp-template";
import { suffixPositions } from "../../../contract/domain/whatsapp-url-buttons";
import { campaignHeaderMedia, HEADER_MEDIA_REFRESH_MS, type HeaderMediaDeps } from "./header-media";

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
  /** WhatsApp and RCS campaigns with SMS failover: the SMS template, sender and conditions. */
  failover?: FailoverPlan;
  /** How the channel serving `from` is sent through: idempotency keys or not, its messages per second. */
  profile: SenderProfile;
  /** The same for the failover's SMS sender. */
  failoverProfile?: SenderProfile;
  /** A tracked campaign (SMS, RCS): where its short links point and their key; URL values go out as them. */
  links?: LinkContext;
  /** When a cached copy is to be loaded again (a header media id must be uploaded again before Meta drops it). */
  refreshAt?: number;
}

/** A sender's profile as the carrier states it; a carrier without describeSender is the same for every sender. */
export async function profileOf(carrier: Carrier, channel: Channel, from: string): Promise<SenderProfile> {
  return carrier.describeSender
    ? carrier.describeSender({ channel, from })
    : { idempotentSends: carrier.idempotentSends };
}

/** What sending needs of a campaign, with the profiles of its senders and its header media at the carrier. */
export async function loadDispatchCampaignFor(
  db: Db,
  carrier: Carrier,
  storage: Storage,
  id: string,
  linkKey?: Buffer,
): Promise<DispatchCampaign | undefined> {
  const c = await loadDispatchCampaign(db, id, { carrier, storage }, linkKey);
  if (!c) return undefined;
  const profile = await profileOf(carrier, c.channel, c.from);
  const failoverProfile = c.failover ? await profileOf(carrier, "sms", c.failover.from) : undefined;
  return { ...c, profile, ...(failoverProfile ? { failoverProfile } : {}) };
}

type Loaded = Omit<DispatchCampaign, "profile" | "failoverProfile">;

/**
 * The campaign as sending needs it. With `media` (a carrier and the storage) a WhatsApp template's media header is
 * uploaded to the carrier and sent with each message; without it the header is left out (a caller that only prices).
 */
export async function loadDispatchCampaign(
  db: Db,
  id: string,
  media?: HeaderMediaDeps,
  linkKey?: Buffer,
): Promise<Loaded | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) return undefined;
  const links: LinkContext | undefined =
    row.linkOrigin && linkKey ? { origin: row.linkOrigin, key: linkKey } : undefined;
  const base = {
    id: row.id,
    userId: row.userId,
    channel: row.channel,
    variables: row.variables,
    ...(links ? { links } : {}),
  };
  if (row.channel === "whatsapp") {
    const [t] = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, row.templateId));
    if (!t) return undefined;
    // A URL button on the short-link route takes the recipient's code as its suffix, not the whole short link.
    const bodyValues = variableCount(t.components.find((c) => c.type === "BODY")?.text ?? "");
    if (links) {
      const { code, keep } = suffixPositions(t.components, bodyValues, links.origin);
      links.codeOnly = code;
      links.keep = keep;
    }
    const failover = await loadFailoverPlan(db, "whatsapp", row.failover ?? null);
    const headerMedia = media ? await campaignHeaderMedia(media, row, t) : undefined;
    return {
      ...base,
      template: {
        channel: "whatsapp",
        name: t.name,
        language: t.language,
        category: t.category,
        components: t.components,
        ...(headerMedia ? { headerMedia } : {}),
      },
      from: row.sender ?? row.wabaId ?? "",
      ...(failover ? { failover } : {}),
      ...(headerMedia?.mediaId ? { refreshAt: Date.now() + HEADER_MEDIA_REFRESH_MS } : {}),
    };
  }
  if (row.channel === "sms") {
    const [t] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, row.templateId));
    if (!t) return undefined;
    const [account] = await db
      .select({ replyNumber: smsAccounts.replyNumber })
      .from(smsAccounts)
      .where(eq(smsAccounts.id, t.smsAccountId));
    return {
      ...base,
      template: { channel: "sms", body: t.body, dltTemplateId: t.dltTemplateId, category: t.category },
      from: row.sender ?? t.senderId,
      ...(account?.replyNumber ? { replyTo: account.replyNumber } : {}),
    };
  }
  const [t] = await db.select().from(rcsTemplates).where(eq(rcsTemplates.id, row.templateId));
  if (!t) return undefined;
  const failover = await loadFailoverPlan(db, "rcs", row.failover ?? null);
  // Only a conversational bot's sends ask for open conversations (one lookup per claimed batch).
  const [bot] = await db
    .select({ id: rcsBots.id, category: rcsBots.billingCategory })
    .from(rcsBots)
    .where(eq(rcsBots.id, row.botId ?? t.botId));
  const conversational = bot?.category === "conversational" ? { conversationalBotId: bot.id } : {};
  return {
    ...base,
    template: { channel: "rcs", draft: t.draft, ...conversational },
    from: row.sender ?? row.botId ?? t.botId,
    ...(failover ? { failover } : {}),
  };
}
