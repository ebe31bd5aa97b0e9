import { APPOINTMENT_BOOKING } from "./appointment-booking";
import { FAQ } from "./faq";
import { LEAD_QUALIFICATION } from "./lead-qualification";
import { ORDER_STATUS } from "./order-status";
import type { MarketplaceTemplate } from "./types";

export type { MarketplaceTemplate, TemplateIntent, TemplateKnowledge } from "./types";

/** The marketplace: ready-made agents, each made in one step (install.ts). */
export const MARKETPLACE: readonly MarketplaceTemplate[] = [ORDER_STATUS, APPOINTMENT_BOOKING, FAQ, LEAD_QUALIFICATION];

export const templateById = (id: string) => MARKETPLACE.find((t) => t.id === id);
