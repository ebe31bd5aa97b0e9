// A segment definition as one SQL condition over `contacts`, one function per operator. Every value the person
// typed (attribute keys too) goes in as a bound parameter, never into the SQL text. Engagement reads
// campaign_recipients through its (number, user_id, id) index: an EXISTS per contact, scoped to the campaigns of the
// owner and the owner's team (a manager's users and department heads own their own campaigns); `clicked` joins
// link_clicks by recipient.
import { and, or, sql, type SQL } from "drizzle-orm";
import type {
  ContactField,
  EngagementEvent,
  SegmentCondition,
  SegmentDefinition,
  SegmentGroup,
  SegmentJoin,
  TextOp,
} from "../../../contract/domain/segments";
import { contacts } from "../../db/schema";
import { pgArray } from "../../db/sql";
import { escapeLike } from "../campaigns/list";

type Attribute = Extract<SegmentCondition, { kind: "attribute" }>;

const text = (column: SQL, op: TextOp, value: string | undefined): SQL => {
  switch (op) {
    case "eq":
      return sql`lower(${column}) = lower(${value ?? ""})`;
    case "neq":
      // A contact without the value is not equal to it.
      return sql`lower(coalesce(${column}, '')) <> lower(${value ?? ""})`;
    case "contains":
      return sql`${column} ilike ${`%${escapeLike(value ?? "")}%`}`;
    case "empty":
      return sql`coalesce(${column}, '') = ''`;
  }
};

const attributeText = (key: string) => sql`(${contacts.attributes} ->> ${key}::text)`;
/** The attribute as a number, null when it is not one (so a cast never fails on a stray value). */
const attributeNumber = (key: string) =>
  sql`(case when jsonb_typeof(${contacts.attributes} -> ${key}::text) = 'number' then (${contacts.attributes} ->> ${key}::text)::numeric end)`;

function numberCondition(c: Attribute): SQL {
  const n = attributeNumber(c.key);
  const value = Number(c.value);
  switch (c.op) {
    case "gt":
      return sql`${n} > ${value}::numeric`;
    case "lt":
      return sql`${n} < ${value}::numeric`;
    case "between":
      return sql`${n} between ${value}::numeric and ${Number(c.to)}::numeric`;
    default:
      return sql`${n} = ${value}::numeric`;
  }
}

/** Dates are kept as YYYY-MM-DD text (checked on write), so they compare as text. */
function dateCondition(c: Attribute): SQL {
  const d = attributeText(c.key);
  const valid = sql`${d} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;
  switch (c.op) {
    case "before":
      return sql`(${valid} and ${d} < ${String(c.value)})`;
    case "after":
      return sql`(${valid} and ${d} > ${String(c.value)})`;
    default:
      return sql`(${valid} and ${d} >= to_char(current_date - ${Number(c.days)}::int, 'YYYY-MM-DD') and ${d} <= to_char(current_date, 'YYYY-MM-DD'))`;
  }
}

function attributeCondition(c: Attribute): SQL {
  // eq is both a text and a number operator: the parser gave a number attribute a number, a text one text.
  if (c.op === "eq" && typeof c.value === "number") return numberCondition(c);
  switch (c.op) {
    case "eq":
    case "neq":
    case "contains":
    case "empty":
      return text(attributeText(c.key), c.op, typeof c.value === "string" ? c.value : undefined);
    case "gt":
    case "lt":
    case "between":
      return numberCondition(c);
    case "before":
    case "after":
    case "within":
      return dateCondition(c);
    case "is":
      return sql`(${contacts.attributes} -> ${c.key}::text) = ${JSON.stringify(Boolean(c.value))}::jsonb`;
    case "in":
      return sql`${attributeText(c.key)} = any(${pgArray(c.values ?? [])}::text[])`;
  }
}

const FIELD_COLUMNS: Record<ContactField, SQL> = {
  name: sql`${contacts.name}`,
  email: sql`${contacts.email}`,
  language: sql`${contacts.language}`,
};

const labelHas = (label: string) => sql`${contacts.labels} @> ${pgArray([label])}::text[]`;

/** The contact's latest consent event for the channel (or for every channel), as consent/ledger.ts reads it. */
const latestConsent = (ownerId: string, channel: string) =>
  sql`(select e.status from consent_events e where e.user_id = ${ownerId} and e.number = ${contacts.number}
       and e.channel in (${channel}, 'all') order by e.created_at desc, e.id desc limit 1)`;

const ENGAGEMENT_COLUMNS: Record<Exclude<EngagementEvent, "clicked">, string> = {
  received: "sent_at",
  delivered: "delivered_at",
  read: "read_at",
  replied: "replied_at",
};

/** The owner and the accounts whose campaigns are the owner's team's (its users and department heads). */
const teamOf = (ownerId: string) => sql`(select u.id from users u where u.id = ${ownerId} or u.parent_id = ${ownerId})`;

/**
 * A person's click (never a preview's or scanner's) within the window. link_clicks holds no number (an erased
 * person's clicks say nothing), so the number goes through the team's recipients of it (the (number, user_id, id)
 * index, about ten rows a contact) and each recipient's clicks through link_clicks' recipient index.
 */
const clickedSql = (ownerId: string, c: Extract<SegmentCondition, { kind: "engagement" }>, campaign: SQL): SQL =>
  sql`exists (select 1 from campaign_recipients r join link_clicks k on k.recipient_id = r.id
    where r.number = ${contacts.number} and r.user_id in ${teamOf(ownerId)} and not k.machine
    and k.clicked_at >= now() - make_interval(days => ${c.days}::int)${campaign})`;

function engagementCondition(ownerId: string, c: Extract<SegmentCondition, { kind: "engagement" }>): SQL {
  const campaign = c.campaignId ? sql` and r.campaign_id = ${c.campaignId}::uuid` : sql``;
  if (c.event === "clicked") return clickedSql(ownerId, c, campaign);
  const at = sql.raw(`r.${ENGAGEMENT_COLUMNS[c.event]}`);
  return sql`exists (select 1 from campaign_recipients r where r.number = ${contacts.number}
    and r.user_id in ${teamOf(ownerId)} and ${at} >= now() - make_interval(days => ${c.days}::int)${campaign})`;
}

export function conditionSql(ownerId: string, c: SegmentCondition): SQL {
  switch (c.kind) {
    case "attribute":
      return attributeCondition(c);
    case "field":
      return text(FIELD_COLUMNS[c.field], c.op, c.value);
    case "label":
      return c.op === "has" ? labelHas(c.label) : sql`not (${labelHas(c.label)})`;
    case "consent":
      return c.state === "none"
        ? sql`${latestConsent(ownerId, c.channel)} is null`
        : sql`${latestConsent(ownerId, c.channel)} = ${c.state}`;
    case "engagement":
      return engagementCondition(ownerId, c);
  }
}

const joined = (join: SegmentJoin, parts: SQL[]): SQL =>
  sql`(${(join === "and" ? and(...parts) : or(...parts)) ?? sql`true`})`;

const groupSql = (ownerId: string, g: SegmentGroup) =>
  joined(
    g.join,
    g.conditions.map((c) => conditionSql(ownerId, c)),
  );

/** The owner's contacts the definition selects. */
export function segmentWhere(ownerId: string, definition: SegmentDefinition): SQL {
  const groups = joined(
    definition.join,
    definition.groups.map((g) => groupSql(ownerId, g)),
  );
  return sql`${contacts.userId} = ${ownerId} and ${groups}`;
}
