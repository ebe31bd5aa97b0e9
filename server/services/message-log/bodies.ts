// The bodies of a page's campaign messages, rendered exactly as the dispatcher built each send (sentText over the
// campaign's template and the recipient's values), with the templates of every campaign on the page read in at most
// four statements: a page of 50 rows from 50 campaigns costs the same as one campaign's. A tracked campaign's message
// shows its short links, as sent (the code is made again from the recipient's id and the key), with the URLs they open.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaigns, rcsTemplates, smsTemplates, whatsappTemplates } from "../../db/schema";
import { sentText, type CampaignTemplate } from "../campaigns/dispatch-content";
import { sentValues } from "../links/tracked";
import type { CampaignLogRow } from "./branches";
import type { LogRow } from "./rows";

interface Loaded {
  variables: string[];
  template: CampaignTemplate;
  /** A tracked campaign's short-link origin. */
  linkOrigin: string | null;
}

async function templatesOf(db: Db, campaignIds: readonly string[]): Promise<Map<string, Loaded>> {
  const rows = await db
    .select({
      id: campaigns.id,
      channel: campaigns.channel,
      templateId: campaigns.templateId,
      variables: campaigns.variables,
      linkOrigin: campaigns.linkOrigin,
    })
    .from(campaigns)
    .where(inArray(campaigns.id, [...campaignIds]));
  const idsOf = (channel: string) => rows.filter((r) => r.channel === channel).map((r) => r.templateId);
  const [wa, sms, rcs] = await Promise.all([
    idsOf("whatsapp").length
      ? db
          .select()
          .from(whatsappTemplates)
          .where(inArray(whatsappTemplates.id, idsOf("whatsapp")))
      : [],
    idsOf("sms").length
      ? db
          .select()
          .from(smsTemplates)
          .where(inArray(smsTemplates.id, idsOf("sms")))
      : [],
    idsOf("rcs").length
      ? db
          .select()
          .from(rcsTemplates)
          .where(inArray(rcsTemplates.id, idsOf("rcs")))
      : [],
  ]);
  const templates = new Map<string, CampaignTemplate>([
    ...wa.map(
      (t) =>
        [
          t.id,
          { channel: "whatsapp", name: t.name, language: t.language, category: t.category, components: t.components },
        ] as const,
    ),
    ...sms.map(
      (t) => [t.id, { channel: "sms", body: t.body, dltTemplateId: t.dltTemplateId, category: t.category }] as const,
    ),
    ...rcs.map((t) => [t.id, { channel: "rcs", draft: t.draft }] as const),
  ]);
  const out = new Map<string, Loaded>();
  for (const r of rows) {
    const template = templates.get(r.templateId);
    if (template) out.set(r.id, { variables: r.variables, template, linkOrigin: r.linkOrigin });
  }
  return out;
}

/**
 * Fills `body` (and a tracked message's `links`) of the campaign rows a page keeps (after the merge, so rows cut from
 * the page cost nothing). `linkKey` is the key short links were made with (links/code.ts).
 */
export async function renderCampaignBodies(
  db: Db,
  rows: LogRow[],
  source: ReadonlyMap<string, CampaignLogRow>,
  linkKey: Buffer,
): Promise<void> {
  const kept = rows.filter((r) => r.kind === "campaign" && r.campaign);
  if (kept.length === 0) return;
  const loaded = await templatesOf(db, [...new Set(kept.map((r) => r.campaign?.id ?? ""))]);
  for (const row of kept) {
    const r = source.get(row.id);
    const campaign = r ? loaded.get(r.campaign_id) : undefined;
    if (!r || !campaign) continue;
    const links = campaign.linkOrigin ? { origin: campaign.linkOrigin, key: linkKey } : undefined;
    const sent = sentValues(campaign.variables, { id: Number(r.id), variables: r.variables }, links);
    row.body = sentText(campaign.template, sent.values);
    if (sent.links.length > 0) row.links = sent.links;
  }
}
