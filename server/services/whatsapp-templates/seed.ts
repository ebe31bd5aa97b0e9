import { eq } from "drizzle-orm";
import type { WaComponent, WaTemplateCategory, WaTemplateStatus } from "../../../contract/domain/whatsapp-template";
import type { Db } from "../../db/client";
import { wabas, whatsappTemplates } from "../../db/schema";

const DEMO_WABA = { wabaId: "demo-waba-acme", name: "Acme Retail" };
const DAY = 86_400_000;

interface DemoTemplate {
  name: string;
  category: WaTemplateCategory;
  requested?: WaTemplateCategory;
  status: WaTemplateStatus;
  reason?: string;
  body: string;
  examples: string[];
  extra?: WaComponent[];
}

const TEMPLATES: DemoTemplate[] = [
  {
    name: "order_shipped",
    category: "UTILITY",
    status: "APPROVED",
    body: "Hi {{1}}, your order {{2}} has shipped and should reach you within two days.",
    examples: ["Asha", "#1042"],
    extra: [
      { type: "FOOTER", text: "Acme Retail" },
      { type: "BUTTONS", buttons: [{ type: "URL", text: "Track order", url: "https://acme.example.com/track" }] },
    ],
  },
  {
    name: "festive_sale",
    category: "MARKETING",
    status: "APPROVED",
    body: "The festive sale is on, {{1}}: up to 40% off across the store until Sunday.",
    examples: ["Asha"],
    extra: [
      {
        type: "BUTTONS",
        buttons: [
          { type: "QUICK_REPLY", text: "Show me deals" },
          { type: "QUICK_REPLY", text: "Stop promotions" },
        ],
      },
    ],
  },
  {
    name: "loyalty_points",
    category: "MARKETING",
    requested: "UTILITY",
    status: "APPROVED",
    body: "You have {{1}} points; use this coupon for a free coffee today.",
    examples: ["320"],
  },
  {
    name: "payment_due",
    category: "UTILITY",
    status: "REJECTED",
    reason: "INVALID_FORMAT: the body can't start or end with a variable.",
    body: "Your payment is due on {{1}}",
    examples: ["12 March"],
  },
];

/**
 * The demo manager's WhatsApp templates, so the template screens show every state on a fresh machine. Uses the
 * manager's first WABA when onboarding's seed made one, else connects a demo WABA.
 */
export async function seedWhatsAppTemplates(db: Db, managerId: string): Promise<void> {
  const [existing] = await db.select({ wabaId: wabas.wabaId }).from(wabas).where(eq(wabas.userId, managerId)).limit(1);
  const wabaId = existing?.wabaId ?? DEMO_WABA.wabaId;
  if (!existing) await db.insert(wabas).values({ userId: managerId, ...DEMO_WABA });
  const now = Date.now();
  await db
    .insert(whatsappTemplates)
    .values(
      TEMPLATES.map((t, i) => {
        const at = new Date(now - (TEMPLATES.length - i) * DAY);
        return {
          userId: managerId,
          wabaId,
          name: t.name,
          language: "en_US",
          category: t.category,
          requestedCategory: t.requested ?? t.category,
          status: t.status,
          reason: t.reason,
          providerTemplateId: `sbx-demo-${i + 1}`,
          submittedAt: at,
          nextCheckAt: null,
          createdAt: at,
          updatedAt: at,
          components: [
            { type: "BODY", text: t.body, example: { body_text: [t.examples] } } as WaComponent,
            ...(t.extra ?? []),
          ],
        };
      }),
    )
    .onConflictDoNothing();
}
