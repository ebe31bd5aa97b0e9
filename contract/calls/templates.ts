import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { MSG } from "../messages";
import { NOT_RESELLER } from "./access";
import { PageQuery } from "./pagination";
import { replies } from "./replies";
import type { CallDef } from "./types";

export const TEMPLATE_CHANNELS = ["sms", "whatsapp", "rcs"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

const Channel = Type.Unsafe<TemplateChannel>({ type: "string", enum: [...TEMPLATE_CHANNELS] });
const text = () => Type.Optional(Type.String());

/** One template of any channel, in the words the unified table shows. */
export const UnifiedTemplateRow = Type.Object({
  id: Type.String(),
  channel: Channel,
  name: Type.String(),
  /** WhatsApp: the review state; SMS: REGISTERED (a DLT template); RCS: its own status (ACTIVE). */
  status: Type.String(),
  /** SMS DLT category or WhatsApp category; RCS templates have none. */
  category: Type.Union([Type.String(), Type.Null()]),
  /** Where it sends from: the SMS account, the WABA, the RCS bot. */
  source: Type.String(),
  /** SMS sender header, WhatsApp language, RCS type. */
  detail: Type.String(),
  updatedAt: Type.String({ format: "date-time" }),
});
export type UnifiedTemplateRow = Static<typeof UnifiedTemplateRow>;

/** How many templates the caller has per channel, whatever the filters: the page's summary. */
const Totals = Type.Object({ sms: Type.Integer(), whatsapp: Type.Integer(), rcs: Type.Integer() });

/**
 * Every channel's templates in one table (manage-templates/unified). Ours: SPEC 7 lists per-channel calls only.
 * A channel is included only for roles that may list it on its own, with that list's tenancy.
 */
export const TEMPLATE_CALLS = {
  "templates.unified": {
    method: "GET",
    path: "/api/v1/templates",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchTemplates,
    query: Type.Object({
      ...PageQuery.properties,
      channel: Type.Optional(Channel),
      status: text(),
      category: text(),
      search: text(),
    }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        count: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        totalPages: Type.Integer(),
        totals: Totals,
        data: Type.Array(UnifiedTemplateRow),
      }),
    }),
    summary: "The caller's SMS, WhatsApp and RCS templates in one list, with filters",
  },
} as const satisfies Record<string, CallDef>;
