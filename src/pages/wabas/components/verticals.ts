import { WHATSAPP_VERTICALS } from "../../../../schemas/whatsapp-business-profile";

type Vertical = (typeof WHATSAPP_VERTICALS)[number];

/** How WhatsApp itself names the industries in a business profile. */
const LABELS: Record<Vertical, string> = {
  UNDEFINED: "Not set",
  OTHER: "Other",
  AUTO: "Automotive",
  BEAUTY: "Beauty, spa and salon",
  APPAREL: "Clothing and apparel",
  EDU: "Education",
  ENTERTAIN: "Entertainment",
  EVENT_PLAN: "Event planning and service",
  FINANCE: "Finance and banking",
  GROCERY: "Food and grocery",
  GOVT: "Public service",
  HOTEL: "Hotel and lodging",
  HEALTH: "Medical and health",
  NONPROFIT: "Non-profit",
  PROF_SERVICES: "Professional services",
  RETAIL: "Shopping and retail",
  TRAVEL: "Travel and transportation",
  RESTAURANT: "Restaurant",
  NOT_A_BIZ: "Not a business",
};

export const VERTICAL_OPTIONS = WHATSAPP_VERTICALS.map((value) => ({ value, label: LABELS[value] }));
